import type { FastifyInstance } from 'fastify';
import type { Week } from '@raumregler/contract';
import type { Room } from '../modules/building/building.js';
import type { SwitchPoint } from '../modules/building/schedule.js';

/** Monday to Friday, and Saturday and Sunday, as a switch point's `days` mask (Monday is bit 0). */
export const WEEKDAYS = 0b0011111;
export const WEEKEND = 0b1100000;

/** A room as the repository reads it: heating, a sensor, no temporary target; change what a test needs. */
export const aRoom = (changes: Partial<Room> = {}): Room => ({
  id: 1,
  floorId: 1,
  name: 'Wohnzimmer',
  position: 0,
  temperature: 20,
  humidity: null,
  baseTarget: 19,
  minTarget: 5,
  maxTarget: 30,
  mode: 'Heating',
  previousMode: 'Heating',
  temporary: null,
  sensorReportedAt: null,
  valveOpen: false,
  limits: null,
  ...changes,
});

/** The demo living room: 21 °C from 06:00 and 18 °C from 22:00 on weekdays, 21.5/18 at 08/23 h on weekends. */
export const LIVING_ROOM_POINTS: SwitchPoint[] = [
  { id: 1, days: WEEKDAYS, at: 6 * 60, target: 21 },
  { id: 2, days: WEEKDAYS, at: 22 * 60, target: 18 },
  { id: 3, days: WEEKEND, at: 8 * 60, target: 21.5 },
  { id: 4, days: WEEKEND, at: 23 * 60, target: 18 },
];

const weekday = [
  { at: '06:00', target: 21 },
  { at: '22:00', target: 18 },
];
const weekend = [
  { at: '08:00', target: 21.5 },
  { at: '23:00', target: 18 },
];
/** The same programme as the wire's week. */
export const LIVING_ROOM_WEEK: Week = {
  mon: weekday,
  tue: weekday,
  wed: weekday,
  thu: weekday,
  fri: weekday,
  sat: weekend,
  sun: weekend,
};

/** Replaces a room's zigbee2mqtt devices as the API does: in a commit, then shown. */
export async function setRoomDevices(
  app: FastifyInstance,
  rooms: Record<number, readonly string[]>,
): Promise<void> {
  await app.commit(async (tx) => {
    for (const [roomId, names] of Object.entries(rooms)) {
      await app.houses.own().roomDevices.set(tx, Number(roomId), names);
    }
  });
  await app.houses.own().building.refresh();
}

/** After a test wrote the tables behind the app's back: the app reads the building again. */
export const reread = (app: FastifyInstance) => app.houses.own().building.externalChange();
