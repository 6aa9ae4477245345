import type { PickerFloor } from '@/components/room-picker';

/** A floor as the members page knows it: the picker's (name as shown) and its short name ("EG"). */
export interface ScopeFloor extends PickerFloor {
  short: string;
}

export interface Scope {
  floors: readonly number[];
  rooms: readonly number[];
}

export const isWholeBuilding = (scope: Scope) =>
  scope.floors.length === 0 && scope.rooms.length === 0;

/** The rooms a scope holds, as the room picker shows a choice: every room of its floors and its rooms. */
export function roomsOfScope(scope: Scope, floors: readonly ScopeFloor[]): Set<number> {
  const chosen = new Set(scope.rooms);
  for (const floor of floors) {
    if (scope.floors.includes(floor.id)) for (const room of floor.rooms) chosen.add(room.id);
  }
  return chosen;
}

/**
 * A choice of rooms as a scope: a floor whose every room is chosen is the floor (so a room added
 * to it later belongs to the scope too), the other rooms by themselves.
 */
export function scopeOfRooms(chosen: ReadonlySet<number>, floors: readonly ScopeFloor[]): Scope {
  const wholeFloors: number[] = [];
  const rooms = new Set(chosen);
  for (const floor of floors) {
    if (floor.rooms.length > 0 && floor.rooms.every((room) => chosen.has(room.id))) {
      wholeFloors.push(floor.id);
      for (const room of floor.rooms) rooms.delete(room.id);
    }
  }
  return { floors: wholeFloors, rooms: [...rooms].sort((a, b) => a - b) };
}

/** Whether two scopes are the same (order does not count). */
export const sameScope = (a: Scope, b: Scope) => {
  const same = (x: readonly number[], y: readonly number[]) =>
    x.length === y.length && [...x].sort().join(',') === [...y].sort().join(',');
  return same(a.floors, b.floors) && same(a.rooms, b.rooms);
};

/**
 * A scope's names in the building's order, floors first (by their short names: "EG"), then its
 * rooms; an id the building no longer has by its number.
 */
export function scopeNames(
  scope: Scope,
  floors: readonly ScopeFloor[],
  unknown: (kind: 'floor' | 'room', id: number) => string,
): string[] {
  const floorNames = new Map(floors.map((floor) => [floor.id, floor.short]));
  const roomNames = new Map(
    floors.flatMap((floor) => floor.rooms.map((room) => [room.id, room.name])),
  );
  const floorOrder = new Map(floors.map((floor, index) => [floor.id, index]));
  const roomOrder = new Map(
    floors.flatMap((floor) => floor.rooms).map((room, index) => [room.id, index] as const),
  );
  const byOrder = (order: Map<number, number>) => (a: number, b: number) =>
    (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || a - b;
  return [
    ...[...scope.floors]
      .sort(byOrder(floorOrder))
      .map((id) => floorNames.get(id) ?? unknown('floor', id)),
    ...[...scope.rooms]
      .sort(byOrder(roomOrder))
      .map((id) => roomNames.get(id) ?? unknown('room', id)),
  ];
}

/** How many names a list cell shows before "+ N more". */
export const SCOPE_NAMES_SHOWN = 3;
