import { formatRoomLimits, withinRoomLimits, type RoomLimits } from '@raumregler/contract';
import type { Room, TemporaryTarget } from './building.js';
import { scheduleAt, type Occurrence } from './schedule.js';
import type { LocalClock } from '../../platform/clock/local-time.js';
import {
  isActiveMode,
  parseDuration,
  parseModeAction,
  parseSetpoint,
  parseUntil,
} from './setpoints.js';

/**
 * The inputs a command checks: a setpoint, the minutes or the end (`until`) of a temporary
 * target, the mode.
 */
export type CommandField = 'target' | 'minutes' | 'until' | 'mode';

/** A command's input the room does not accept (400 on the wire, naming the route's field). */
export class InvalidCommandError extends Error {
  constructor(
    readonly field: CommandField,
    /** The reason without the field's name, e.g. "must be between 5 and 30 °C". */
    readonly reason: string,
  ) {
    super(`${field} ${reason}`);
  }
}

/**
 * A target outside the room's limits by a user they bind (issue 34: everyone who does not manage
 * the room): 400 `outside_room_limits` on the wire, naming the route's field and the limits.
 */
export class OutsideLimitsError extends Error {
  constructor(
    readonly field: CommandField,
    readonly limits: RoomLimits,
  ) {
    super(`${field} is outside this room's limits (erlaubt ${formatRoomLimits(limits)})`);
  }
}

/** What binds a command's targets besides the hard limits: the room's limits, or not. */
export interface TargetRules {
  /** The room's limits bind this target (the user does not manage the room). */
  bound?: boolean;
}

/**
 * The setpoint within the hard limits (400 validation_failed), then the room's limits: the one
 * rule of both modes (proxy mode checks a write with it before forwarding it).
 */
export function target(room: Room, value: unknown, rules: TargetRules): number {
  const setpoint = checked('target', parseSetpoint(value, room.minTarget, room.maxTarget));
  if (rules.bound && room.limits && !withinRoomLimits(room.limits, setpoint)) {
    throw new OutsideLimitsError('target', room.limits);
  }
  return setpoint;
}

/** A command for a room that does not exist (404 on the wire). */
export class UnknownRoomError extends Error {
  constructor(readonly roomId: number) {
    super('There is no such room.');
  }
}

function checked<T>(
  field: CommandField,
  parsed: { ok: true; value: T } | { ok: false; message: string },
): T {
  if (parsed.ok) return parsed.value;
  throw new InvalidCommandError(field, parsed.message);
}

/**
 * A temporary target for `minutes` from now. The setpoint is a number or a decimal string as
 * tools send it (snapped to the device's grid, within the room's limits); minutes are 1–1440,
 * or nothing, 0 or "default" for the default. With `end.until` (a device-local wall time, 1
 * minute to 31 days ahead; see parseUntil) the target ends at exactly that instant instead, so
 * all rooms of one group action end together; the minutes are still checked, as a real device,
 * which ignores `until`, would check them. A new one replaces a running one.
 */
export function temporaryTarget(
  room: Room,
  setpoint: unknown,
  minutes: unknown,
  now: number,
  end?: { until: unknown; local: LocalClock },
  rules: TargetRules = {},
): TemporaryTarget {
  const value = target(room, setpoint, rules);
  const duration = checked('minutes', parseDuration(minutes));
  const until = end ? checked('until', parseUntil(end.until, now, end.local)) : null;
  return { target: value, until: until ?? now + duration * 60_000 };
}

/** Where a permanent target goes: one weekday's occurrence of a switch point, or the base. */
export type PermanentChange =
  | { kind: 'occurrence'; pointId: number; day: number; target: number }
  | { kind: 'base'; target: number };

/**
 * The `soll` rule: a new permanent target changes the programme's block in force now, on
 * today's weekday only (see occurrenceChange); a room without a programme gets a new base target.
 */
export function permanentChange(
  room: Room,
  setpoint: unknown,
  schedule: readonly Occurrence[],
  nowWall: number,
  rules: TargetRules = {},
): PermanentChange {
  const value = target(room, setpoint, rules);
  const { block } = scheduleAt(schedule, room.baseTarget, nowWall);
  return block
    ? { kind: 'occurrence', pointId: block.pointId, day: block.day, target: value }
    : { kind: 'base', target: value };
}

/**
 * A mode change (`heating`, `cooling`, `off` or `on`, any case). The last regulated mode is
 * remembered, so `on` after `off` restores it; `on` while regulating keeps the mode.
 */
export function modeChange(room: Room, action: unknown): { mode: string; previousMode: string } {
  const wanted = checked('mode', parseModeAction(action));
  const active = isActiveMode(room.mode);
  const mode = wanted === 'on' ? (active ? room.mode : room.previousMode) : wanted;
  const previousMode = isActiveMode(mode) ? mode : active ? room.mode : room.previousMode;
  return { mode, previousMode };
}
