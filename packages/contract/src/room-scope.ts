import { DEFAULT_SETPOINT_MAX, DEFAULT_SETPOINT_MIN } from './device.js';

/**
 * A user's scope (issue 34): the floors and rooms they may see and operate, the union of both.
 * Both empty (or missing) is the whole building.
 */
export interface RoomScope {
  floors?: readonly number[];
  rooms?: readonly number[];
}

/** A room's limits (issue 34): the targets a user who does not manage the room may set. */
export interface RoomLimits {
  min: number;
  max: number;
}

/** The grid of a room's limits, in °C, within the device's hard limits 5–30 °C. */
export const ROOM_LIMITS_STEP = 0.5;

/** Why one limit cannot be a room's (`must be …`), or null when it can. */
export function roomLimitProblem(value: number): string | null {
  if (!Number.isFinite(value) || value < DEFAULT_SETPOINT_MIN || value > DEFAULT_SETPOINT_MAX) {
    return `must be between ${DEFAULT_SETPOINT_MIN} and ${DEFAULT_SETPOINT_MAX} °C`;
  }
  if (Math.round(value / ROOM_LIMITS_STEP) * ROOM_LIMITS_STEP !== value) {
    return `must be in steps of ${ROOM_LIMITS_STEP} °C`;
  }
  return null;
}

/**
 * Why these limits cannot be a room's ("min must be in steps of 0.5 °C", "min must not be above
 * max"), or null when they can: both sides check with this.
 */
export function roomLimitsProblem(min: number, max: number): string | null {
  const minProblem = roomLimitProblem(min);
  if (minProblem) return `min ${minProblem}`;
  const maxProblem = roomLimitProblem(max);
  if (maxProblem) return `max ${maxProblem}`;
  return min > max ? 'min must not be above max' : null;
}

/** "16,0–23,0 °C": the limits as the refusal names them (German, as the device's texts). */
export const formatRoomLimits = (limits: RoomLimits): string =>
  `${limits.min.toFixed(1).replace('.', ',')}–${limits.max.toFixed(1).replace('.', ',')} °C`;

/** Whether a target keeps the room's limits (none: always). */
export const withinRoomLimits = (limits: RoomLimits | null | undefined, target: number) =>
  !limits || (target >= limits.min && target <= limits.max);

/** Whether the text is a real day `YYYY-MM-DD` (a validity's first or last day). */
export function isDay(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}
