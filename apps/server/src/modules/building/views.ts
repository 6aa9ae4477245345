import type { Floor, FloorOutputs, FloorRooms, Room } from '@raumregler/contract';
import type { FastifyInstance } from 'fastify';
import type { Floor as BuildingFloor, Room as BuildingRoom } from './building.js';
import { toWireRoom, viewContext, type ViewContext } from './room-view.js';
import { heizprogramm } from './heizprogramm.js';
import { simulatedOutputs } from './simulation.js';

/** Groups rooms (already in display order) under their floors, in one pass over each. */
export function byFloor<T>(
  floors: BuildingFloor[],
  rooms: BuildingRoom[],
  shape: (row: BuildingRoom) => T,
) {
  const roomsByFloor = new Map<number, T[]>();
  for (const row of rooms) {
    let list = roomsByFloor.get(row.floorId);
    if (!list) roomsByFloor.set(row.floorId, (list = []));
    list.push(shape(row));
  }
  return floors.map((floor) => ({
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
export function buildingViews(app: FastifyInstance) {
  const building = app.repos.building;
  return {
    /** `temps/`: every room with its targets and next change, by floor. */
    temps(): Floor[] {
      const context = contextNow(app);
      const scheduleOf = building.schedules();
      const absencesOf = app.repos.absences.byRoom();
      return byFloor(building.listFloors(), building.listRooms(), (row) =>
        toWireRoom(row, scheduleOf(row.id), context, absencesOf(row.id)),
      );
    },
    /** One room, as `temps/{id}/` and every write answer it. */
    room(row: BuildingRoom): Room {
      return toWireRoom(
        row,
        building.scheduleOf(row.id),
        contextNow(app),
        app.repos.absences.byRoom()(row.id),
      );
    },
    /** `rooms/`: ids and names by floor. */
    rooms(): FloorRooms[] {
      return byFloor(building.listFloors(), building.listRooms(), (row) => ({
        id: row.id,
        name: row.name,
      }));
    },
    /** `outs/`: one simulated valve per room, on output 1 (`simulatedOutputs`). */
    outs(): FloorOutputs[] {
      return byFloor(building.listFloors(), building.listRooms(), (row) => ({
        id: row.id,
        name: row.name,
        ausgang: simulatedOutputs(row.valveOpen),
      }));
    },
    /** `heizprogramm/`: the scenes the rooms' weeks switch to, when each next starts. */
    heizprogramm() {
      const context = contextNow(app);
      const ids = building.listRooms().map((row) => row.id);
      return heizprogramm(ids, building.schedules(), context.nowWall);
    },
  };
}
