import type { Room as WireRoom, Sensor } from '@raumregler/contract';
import type { Room } from './building.js';
import { formatDueTime, formatEndTime, formatReportedAt, type LocalClock } from './local-time.js';
import { scheduleAt, type Occurrence } from './schedule.js';

/** Rounds to one decimal, as the device reports temperatures. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whether a temporary target runs at `now`: its end time is stored, so it ends across restarts. */
export const isTemporaryActive = (room: Room, now: number) =>
  room.temporary !== null && room.temporary.until > now;

/** What every room of one answer shares: the instant and the device's local time. */
export interface ViewContext {
  now: number;
  nowWall: number;
  clock: LocalClock;
}

export const viewContext = (clock: LocalClock, now: number): ViewContext => ({
  now,
  nowWall: clock.toWall(now),
  clock,
});

/** The target a room regulates to at `now`: the temporary one while it runs, else the programme. */
export function targetInForce(
  room: Room,
  schedule: readonly Occurrence[],
  context: ViewContext,
): number {
  return isTemporaryActive(room, context.now)
    ? room.temporary!.target
    : scheduleAt(schedule, room.baseTarget, context.nowWall).target;
}

function sensorOf(room: Room, clock: LocalClock): Sensor[] {
  if (room.temperature === null) return [];
  return [
    {
      name: `28-${String(room.id).padStart(12, '0')}`,
      beschreibung: `Raumfühler ${room.name}`,
      wert: oneDecimal(room.temperature),
      letzte_uebertragung:
        room.sensorReportedAt === null
          ? null
          : formatReportedAt(clock.toWall(room.sensorReportedAt)),
      raumtemperatursensor: true,
    },
  ];
}

/** The wire view of one room at the context's instant. */
export function toWireRoom(
  room: Room,
  schedule: readonly Occurrence[],
  context: ViewContext,
): WireRoom {
  const { now, nowWall, clock } = context;
  const temporary = isTemporaryActive(room, now) ? room.temporary : null;
  const programme = scheduleAt(schedule, room.baseTarget, nowWall);
  return {
    id: room.id,
    name: room.name,
    temperatur: room.temperature === null ? null : oneDecimal(room.temperature),
    solltemperatur: temporary ? temporary.target : programme.target,
    perm_solltemperatur: programme.target,
    total_offset: 0,
    offsets: {},
    sensoren: sensorOf(room, clock),
    luftfeuchte: room.humidity === null ? null : Math.round(room.humidity),
    betriebsart: room.mode,
    is_temporary_mode: temporary !== null,
    remaining_time: temporary ? Math.ceil((temporary.until - now) / 1000) : null,
    mode_end_datetime: temporary ? formatEndTime(clock.toWall(temporary.until)) : null,
    next_temperature: programme.next?.target ?? null,
    next_due_time: programme.next ? formatDueTime(programme.next.dueWall) : null,
  };
}
