import type { FastifyInstance } from 'fastify';
import type { Room as BuildingRoom } from './building.js';
import type { House } from './houses.js';
import { contromeOutputs, contromeRoom, type ContromeRoom } from './controme.js';
import { toWireRoom, type ViewContext } from './room-view.js';
import { buildingViews, byFloor, contextNow } from './views.js';

/**
 * The building as a Controme Mini-Server shows it (`DEVICE_PROFILE=controme`): the clean views
 * (views.ts) turned into the device's shapes by controme.ts's fixed rules.
 */
export function contromeViews(app: FastifyInstance, house: House) {
  const { building, absences } = house;
  const clean = buildingViews(app, house);
  const modeWrites = app.modeWritesOf(house);
  const shape = (row: BuildingRoom, context: ViewContext, wire: ReturnType<typeof toWireRoom>) =>
    contromeRoom(wire, {
      now: context.now,
      clock: context.clock,
      reportedAt: row.sensorReportedAt,
      modeWrite: modeWrites.get(row.id) ?? null,
    });
  return {
    temps() {
      const context = contextNow(app);
      const scheduleOf = building.schedules();
      const absencesOf = absences.byRoom();
      return byFloor(building.listFloors(), building.listRooms(), (row) =>
        shape(row, context, toWireRoom(row, scheduleOf(row.id), context, absencesOf(row.id))),
      );
    },
    room(row: BuildingRoom): ContromeRoom {
      const context = contextNow(app);
      const absent = absences.byRoom()(row.id);
      return shape(row, context, toWireRoom(row, building.scheduleOf(row.id), context, absent));
    },
    rooms: clean.rooms,
    outs() {
      return byFloor(building.listFloors(), building.listRooms(), (row) => ({
        id: row.id,
        name: row.name,
        ausgang: contromeOutputs(row.id, row.valveOpen),
      }));
    },
    heizprogramm: clean.heizprogramm,
  };
}
