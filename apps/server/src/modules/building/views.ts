import type { Floor, FloorOutputs, FloorRooms, Room } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import type { Floor as BuildingFloor, Room as BuildingRoom } from './building.js';
import { toWireRoom, viewContext, type ViewContext } from './room-view.js';
import { heizprogramm } from './heizprogramm.js';
import { simulatedOutputs } from './simulation.js';
import type { House } from './houses.js';
import type { UserRooms } from './room-access.js';

/**
 * Groups rooms (already in display order) under their floors, in one pass over each. With a
 * scope (issue 34) only its rooms, and a floor with none of them is left out.
 */
export function byFloor<T>(
  floors: BuildingFloor[],
  rooms: BuildingRoom[],
  shape: (row: BuildingRoom) => T,
  only?: UserRooms,
) {
  const roomsByFloor = new Map<number, T[]>();
  const scoped = only !== undefined && !only.whole;
  for (const row of rooms) {
    if (scoped && !only.has(row.id)) continue;
    let list = roomsByFloor.get(row.floorId);
    if (!list) roomsByFloor.set(row.floorId, (list = []));
    list.push(shape(row));
  }
  return (scoped ? floors.filter((floor) => roomsByFloor.has(floor.id)) : floors).map((floor) => ({
    id: floor.id,
    etagenname: floor.name,
    raeume: roomsByFloor.get(floor.id) ?? [],
  }));
}

/** The instant and local time every room of one answer shares, taken now. */
export const contextNow = (app: FastifyInstance): ViewContext =>
  viewContext(app.clock.local, app.clock.now());

/**
 * The building as the device API shows it: the one place where a room's wire view is
 * assembled (its row, its week, its absences at one instant), for the reads and the writes'
 * answers alike.
 */
export function buildingViews(app: FastifyInstance, house: House) {
  const { building, absences } = house;
  return {
    /** `temps/`: every room (of the scope) with its targets and next change, by floor. */
    temps(only?: UserRooms): Floor[] {
      const context = contextNow(app);
      const scheduleOf = building.schedules();
      const absencesOf = absences.byRoom();
      return byFloor(
        building.listFloors(),
        building.listRooms(),
        (row) => toWireRoom(row, scheduleOf(row.id), context, absencesOf(row.id)),
        only,
      );
    },
    /** One room, as `temps/{id}/` and every write answer it. */
    room(row: BuildingRoom): Room {
      return toWireRoom(
        row,
        building.scheduleOf(row.id),
        contextNow(app),
        absences.byRoom()(row.id),
      );
    },
    /** `rooms/`: ids and names (of the scope) by floor. */
    rooms(only?: UserRooms): FloorRooms[] {
      return byFloor(
        building.listFloors(),
        building.listRooms(),
        (row) => ({ id: row.id, name: row.name }),
        only,
      );
    },
    /** `outs/`: one simulated valve per room (of the scope), on output 1 (`simulatedOutputs`). */
    outs(only?: UserRooms): FloorOutputs[] {
      return byFloor(
        building.listFloors(),
        building.listRooms(),
        (row) => ({ id: row.id, name: row.name, ausgang: simulatedOutputs(row.valveOpen) }),
        only,
      );
    },
    /** `heizprogramm/`: the scenes the rooms' weeks switch to, when each next starts. */
    heizprogramm() {
      const context = contextNow(app);
      const ids = building.listRooms().map((row) => row.id);
      return heizprogramm(ids, building.schedules(), context.nowWall);
    },
  };
}
