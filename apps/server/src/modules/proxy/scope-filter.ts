import { readInteger, type RoomLimits } from '@raumregler/contract';

/** Whether a room (its id, and the floor the device lists it on) stays in the answer. */
export type KeepRoom = (roomId: number, floorId: number) => boolean;
/** A room's limits (ours, issue 34) by its id, or null: none. */
export type LimitsOf = (roomId: number) => RoomLimits | null;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The room with our `limits` beside the device's fields (a copy; the device's keys first). */
const withLimits = (room: Record<string, unknown>, limitsOf: LimitsOf, id: number | null) => ({
  ...room,
  limits: id === null ? null : limitsOf(id),
});

/**
 * A device's list of floors (`temps/`, `rooms/`, `outs/`: `[{id, etagenname, raeume: […]}]`)
 * with only the rooms `keep` holds, floors left without a room left out (issue 34), and, with
 * `limitsOf`, each room carrying our `limits`. Everything else stays as the device gave it:
 * fields, their order and their values (numbers as text stay text). Ids are read with the
 * device reader's rules (`"12"` is room 12); a room or floor whose id cannot be read is left out
 * when filtering. Null when the answer is no list of floors.
 */
export function filterFloors(
  answer: unknown,
  keep: KeepRoom | null,
  limitsOf: LimitsOf | null,
): unknown[] | null {
  if (!Array.isArray(answer)) return null;
  const floors: unknown[] = [];
  for (const floor of answer as unknown[]) {
    if (!isObject(floor) || !Array.isArray(floor.raeume)) {
      if (keep === null) floors.push(floor);
      continue;
    }
    const floorId = readInteger(floor.id);
    const rooms: unknown[] = [];
    for (const room of floor.raeume as unknown[]) {
      const id = isObject(room) ? readInteger(room.id) : null;
      if (keep !== null && (id === null || floorId === null || !keep(id, floorId))) continue;
      rooms.push(limitsOf && isObject(room) ? withLimits(room, limitsOf, id) : room);
    }
    if (keep !== null && rooms.length === 0) continue;
    floors.push({ ...floor, raeume: rooms });
  }
  return floors;
}

/**
 * `temps/{id}/` (a one-element array, or a bare object) with our `limits` beside the device's
 * fields. Any other answer as it came.
 */
export function roomWithLimits(answer: unknown, limitsOf: LimitsOf): unknown {
  const add = (room: unknown) =>
    isObject(room) ? withLimits(room, limitsOf, readInteger(room.id)) : room;
  return Array.isArray(answer) ? answer.map(add) : add(answer);
}
