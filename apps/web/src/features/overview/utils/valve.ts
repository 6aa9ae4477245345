import { meanValve } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';
import type { OverviewRow } from './rows';

/** Each room's valve opening in percent from `outs/` (null: no outputs), by room id. */
export type RoomValves = ReadonlyMap<number, number | null>;

/** "heizt" (state filter `demand`): the room's valve is open at all. */
export const isHeating = (row: Pick<OverviewRow, 'valve'>) => row.valve !== null && row.valve > 0;

/**
 * The rows with their valve openings (issue 32). Rows whose valve did not change stay the same
 * objects, so the memoized rows of the table skip them when only the outputs were refreshed.
 */
export function withValves(rows: OverviewRow[], valves: RoomValves | undefined): OverviewRow[] {
  if (!valves) return rows;
  return rows.map((row) => {
    const valve = valves.get(row.id) ?? null;
    return valve === row.valve ? row : { ...row, valve };
  });
}

/** "Heizbedarf": the mean valve opening of the rooms given, leaving out rooms without a valve. */
export const demandOf = (rows: readonly OverviewRow[]) => meanValve(rows.map((row) => row.valve));

/** "45 %"; null for a room without a valve (the cell then shows a dash). */
export const formatValve = (intl: IntlShape, value: number | null) =>
  value === null
    ? null
    : intl.formatMessage(
        { id: 'overview.valve' },
        { value: intl.formatNumber(value, { maximumFractionDigits: 0 }) },
      );
