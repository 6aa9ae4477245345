import type { Room, Sensor } from '@raumregler/contract';
import type { RoomRow } from '../db/repositories/building.js';
import { formatDueTime, formatEndTime, formatReportedAt, type LocalClock } from './local-time.js';
import { scheduleAt, type Occurrence } from './schedule.js';

/** Rounds to one decimal, as the device reports temperatures. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whether a temporary target runs at `now`: its end time is stored, so it ends across restarts. */
export const isTemporaryActive = (row: RoomRow, now: number) =>
  row.temp_target !== null && row.temp_until !== null && row.temp_until > now;

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
  row: RoomRow,
  schedule: readonly Occurrence[],
  context: ViewContext,
): number {
  return isTemporaryActive(row, context.now)
    ? row.temp_target!
    : scheduleAt(schedule, row.base_target, context.nowWall).target;
}

function sensorOf(row: RoomRow, clock: LocalClock): Sensor[] {
  if (row.temperature === null) return [];
  return [
    {
      name: `28-${String(row.id).padStart(12, '0')}`,
      beschreibung: `Raumfühler ${row.name}`,
      wert: oneDecimal(row.temperature),
      letzte_uebertragung:
        row.sensor_reported_at === null
          ? null
          : formatReportedAt(clock.toWall(row.sensor_reported_at)),
      raumtemperatursensor: true,
    },
  ];
}

/** The wire view of one room at the context's instant. */
export function toWireRoom(
  row: RoomRow,
  schedule: readonly Occurrence[],
  context: ViewContext,
): Room {
  const { now, nowWall, clock } = context;
  const temporary = isTemporaryActive(row, now);
  const programme = scheduleAt(schedule, row.base_target, nowWall);
  return {
    id: row.id,
    name: row.name,
    temperatur: row.temperature === null ? null : oneDecimal(row.temperature),
    solltemperatur: temporary ? row.temp_target! : programme.target,
    perm_solltemperatur: programme.target,
    total_offset: 0,
    offsets: {},
    sensoren: sensorOf(row, clock),
    luftfeuchte: row.humidity === null ? null : Math.round(row.humidity),
    betriebsart: row.mode,
    is_temporary_mode: temporary,
    remaining_time: temporary ? Math.ceil((row.temp_until! - now) / 1000) : null,
    mode_end_datetime: temporary ? formatEndTime(clock.toWall(row.temp_until!)) : null,
    next_temperature: programme.next?.target ?? null,
    next_due_time: programme.next ? formatDueTime(programme.next.dueWall) : null,
  };
}
