import type { Floor } from '@raumregler/contract';

/**
 * Whether two temps answers hold the same building: the same floors and rooms, by id and name,
 * in the same order. Their values (temperatures, targets, modes) do not count.
 */
export function sameFloorStructure(
  a: readonly Floor[] | undefined,
  b: readonly Floor[] | undefined,
): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((floor, f) => {
    const other = b[f]!;
    if (floor.id !== other.id || floor.etagenname !== other.etagenname) return false;
    const rooms = floor.raeume;
    const otherRooms = other.raeume;
    return (
      rooms.length === otherRooms.length &&
      rooms.every((room, r) => room.id === otherRooms[r]!.id && room.name === otherRooms[r]!.name)
    );
  });
}
