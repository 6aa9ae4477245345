import type { Room as WireRoom, Sensor } from '@raumregler/contract';
import type { Room } from './building.js';
import {
  formatDueTime,
  formatEndTime,
  formatReportedAt,
  scheduleWall,
  type LocalClock,
} from '../../platform/clock/local-time.js';
import { absenceAt, NO_ABSENCES, type AbsencePeriod } from './absences.js';
import { scheduleAt, type Occurrence } from './schedule.js';

/** Rounds to one decimal, as the device reports temperatures. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Whether a temporary target runs at `now`: its end time is stored, so it ends across restarts. */
export const isTemporaryActive = (room: Room, now: number) =>
  room.temporary !== null && room.temporary.until > now;

/** What every room of one answer shares: the instant and the device's local time. */
export interface ViewContext {
  now: number;
  /** Local wall time as the weekly programme reads it (scheduleWall: the repeated hour once). */
  nowWall: number;
  clock: LocalClock;
}

export const viewContext = (clock: LocalClock, now: number): ViewContext => ({
  now,
  nowWall: scheduleWall(clock, now),
  clock,
});

/** The permanent target in force and its next change (wall time), as the wire shows them. */
interface PermanentState {
  target: number;
  next: { target: number; dueWall: number } | null;
}

/**
 * The permanent target at the context's instant: the weekly programme, or the room's absence
 * while one runs (of overlapping ones, the one that started last). During an absence its next
 * change is its end (or the start of a later absence), with the target that holds then; outside
 * one, an absence that starts before the programme's next switch is the next change.
 */
export function permanentAt(
  room: Room,
  schedule: readonly Occurrence[],
  context: ViewContext,
  absences: readonly AbsencePeriod[] = NO_ABSENCES,
): PermanentState {
  const programme = scheduleAt(schedule, room.baseTarget, context.nowWall);
  if (absences.length === 0) return programme;
  const { now, clock } = context;
  const running = absenceAt(absences, now);
  let changeAt = running ? running.to : Infinity;
  for (const period of absences) {
    if (period.from > now && period.from < changeAt) changeAt = period.from;
  }
  if (changeAt === Infinity) return programme;
  const dueWall = clock.toWall(changeAt);
  const after = absenceAt(absences, changeAt);
  if (running) {
    const target = after ? after.target : scheduleAt(schedule, room.baseTarget, dueWall).target;
    return { target: running.target, next: { target, dueWall } };
  }
  if (after && (programme.next === null || dueWall < programme.next.dueWall)) {
    return { target: programme.target, next: { target: after.target, dueWall } };
  }
  return programme;
}

/**
 * The target a room regulates to at `now`: the temporary one while it runs (also during an
 * absence), else the absence's, else the programme's.
 */
export function targetInForce(
  room: Room,
  schedule: readonly Occurrence[],
  context: ViewContext,
  absences: readonly AbsencePeriod[] = NO_ABSENCES,
): number {
  if (isTemporaryActive(room, context.now)) return room.temporary!.target;
  if (absences.length === 0) return scheduleAt(schedule, room.baseTarget, context.nowWall).target;
  return permanentAt(room, schedule, context, absences).target;
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

/** The wire view of one room at the context's instant (with the room's absences, if any). */
export function toWireRoom(
  room: Room,
  schedule: readonly Occurrence[],
  context: ViewContext,
  absences: readonly AbsencePeriod[] = NO_ABSENCES,
): WireRoom {
  const { now, clock } = context;
  const temporary = isTemporaryActive(room, now) ? room.temporary : null;
  const programme = permanentAt(room, schedule, context, absences);
  const absence = absences.length === 0 ? null : absenceAt(absences, now);
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
    absent_until: absence ? formatEndTime(clock.toWall(absence.to)) : null,
    after_temporary_temperature: temporary
      ? permanentAt(room, schedule, viewContext(clock, temporary.until), absences).target
      : null,
    limits: room.limits,
  };
}
