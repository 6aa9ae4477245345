import type { BuildingSummary } from '@raumregler/contract';

export const BUILDING_SORTS = ['name', 'below', 'alarms', 'demand'] as const;
export type BuildingSort = (typeof BUILDING_SORTS)[number];

/** Lower case without accents: "Schüle" is found by "schule". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

/** Most first; a building without a figure (demand unknown) last. */
const most = (a: number | null, b: number | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a;

const compare: Record<BuildingSort, (a: BuildingSummary, b: BuildingSummary) => number> = {
  name: () => 0,
  below: (a, b) => most(a.below_target, b.below_target),
  alarms: (a, b) => most(a.open_alarms, b.open_alarms),
  demand: (a, b) => most(a.demand, b.demand),
};

/**
 * The buildings whose name or host label holds every word of the search, sorted: by name
 * (A–Z), or most first by rooms below target, open alarms or heating demand, then by name.
 */
export function shownBuildings(
  buildings: readonly BuildingSummary[],
  search: string,
  sort: BuildingSort,
): BuildingSummary[] {
  const words = fold(search).split(/\s+/).filter(Boolean);
  const matches =
    words.length === 0
      ? [...buildings]
      : buildings.filter((building) => {
          const text = `${fold(building.name)} ${fold(building.host_label ?? '')}`;
          return words.every((word) => text.includes(word));
        });
  return matches.sort(
    (a, b) => compare[sort](a, b) || collator.compare(a.name, b.name) || a.house_id - b.house_id,
  );
}
