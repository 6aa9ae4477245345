import type { OverviewSort, SortKey } from './query';
import type { OverviewRow, RoomStatus } from './rows';

const STATUS_RANK: Record<RoomStatus, number> = {
  alarm: 0,
  silent: 1,
  temporary: 2,
  absent: 3,
  heating: 4,
  cooling: 5,
  off: 6,
};

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

type Value = number | string | null;

/** The value each column sorts by; null when the room has none. */
const VALUE: Record<SortKey, (row: OverviewRow) => Value> = {
  room: (row) => row.name,
  floor: (row) => row.floorIndex,
  current: (row) => row.current,
  target: (row) => row.target,
  deviation: (row) => row.deviation,
  status: (row) => STATUS_RANK[row.status],
  next: (row) => (row.nextDue ? row.nextDue.getTime() : null),
  humidity: (row) => row.humidity,
  valve: (row) => row.valve,
  updated: (row) => (row.updated ? row.updated.getTime() : null),
};

const compareValues = (a: Value, b: Value) =>
  typeof a === 'string' && typeof b === 'string'
    ? collator.compare(a, b)
    : (a as number) < (b as number)
      ? -1
      : (a as number) > (b as number)
        ? 1
        : 0;

/**
 * A comparator for a column: ascending or descending, rooms without a value last either way,
 * ties in building order (stable across refreshes).
 */
export function rowComparator(
  sort: OverviewSort | null,
): (a: OverviewRow, b: OverviewRow) => number {
  if (!sort) return (a, b) => a.order - b.order;
  const value = VALUE[sort.key];
  const direction = sort.descending ? -1 : 1;
  return (a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
      return a.order - b.order;
    }
    return direction * compareValues(va, vb) || a.order - b.order;
  };
}

/** The rows in the order of the sort (a new array). */
export const sortRows = (rows: readonly OverviewRow[], sort: OverviewSort | null) =>
  [...rows].sort(rowComparator(sort));

/**
 * The rows in a previous order (ids): rows still shown keep their places, rows newly shown come
 * last. While rooms are being selected, a refresh must not move a row under the pointer.
 */
export function holdOrder(rows: readonly OverviewRow[], ids: readonly number[]): OverviewRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const kept = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    byId.delete(id);
    return [row];
  });
  return [...kept, ...byId.values()];
}
