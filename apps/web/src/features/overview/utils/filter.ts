import type { StateFilter } from './query';
import { offTarget, type OverviewRow } from './rows';
import { isHeating } from './valve';

/** Lower case without accents: "Bäder" and "bader" match, "Küche" is found by "kuche". */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * A row's folded room and floor names, made once per row: the rows stay the same objects from
 * one keystroke to the next (until new data comes), so typing folds nothing again.
 */
const searchTexts = new WeakMap<OverviewRow, string>();
function searchText(row: OverviewRow): string {
  let text = searchTexts.get(row);
  if (text === undefined) {
    text = `${fold(row.name)} ${fold(row.floorName)}`;
    searchTexts.set(row, text);
  }
  return text;
}

/** Whether a row is in the given state. */
export function rowInState(row: OverviewRow, state: StateFilter): boolean {
  switch (state) {
    case 'temporary':
      return row.temporary;
    case 'below':
    case 'above':
      return offTarget(row) === state;
    case 'no-sensor':
      return row.noSensor;
    case 'silent':
      return row.silent;
    case 'absent':
      return row.absentUntil !== null;
    case 'alarm':
      return row.alarm !== null;
    case 'demand':
      return isHeating(row);
  }
}

export interface RowFilter {
  q: string;
  floor: number | null;
  state: StateFilter | null;
}

/** A predicate for the rows the filter shows: text in room or floor name, floor, state. */
export function rowMatcher(filter: RowFilter): (row: OverviewRow) => boolean {
  const words = fold(filter.q).split(/\s+/).filter(Boolean);
  return (row) => {
    if (filter.floor !== null && row.floorId !== filter.floor) return false;
    if (filter.state !== null && !rowInState(row, filter.state)) return false;
    if (words.length === 0) return true;
    const text = searchText(row);
    return words.every((word) => text.includes(word));
  };
}
