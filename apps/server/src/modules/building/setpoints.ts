import {
  SETPOINT_STEP,
  TEMPORARY_DURATION_MAX,
  TEMPORARY_DURATION_MIN,
  TEMPORARY_UNTIL_MAX_DAYS,
} from '@raumregler/contract';
import { wallTime, wallToEpoch, type LocalClock } from '../../platform/clock/local-time.js';

/** A temporary target without a duration (or with `default` or 0) runs this many minutes. */
export const DEFAULT_TEMPORARY_MINUTES = 60;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

const DECIMAL = /^[+-]?\d{1,3}(?:[.,]\d{1,6})?$/;

/**
 * A setpoint as tools send it: a decimal string with '.' or ',' (or a JSON number), snapped to
 * the device's 0.125 °C grid; the room's limits apply to the snapped value.
 */
export function parseSetpoint(raw: unknown, min: number, max: number): Parsed<number> {
  let value: number;
  if (typeof raw === 'number') value = raw;
  else if (typeof raw === 'string' && DECIMAL.test(raw.trim()))
    value = Number(raw.trim().replace(',', '.'));
  else if (raw === undefined || raw === '') return { ok: false, message: 'is required' };
  else return { ok: false, message: 'must be a decimal number such as 21.5' };
  if (!Number.isFinite(value))
    return { ok: false, message: 'must be a decimal number such as 21.5' };
  const snapped = Math.round(value / SETPOINT_STEP) * SETPOINT_STEP;
  if (snapped < min || snapped > max) {
    return { ok: false, message: `must be between ${min} and ${max} °C` };
  }
  return { ok: true, value: snapped };
}

/** Minutes of a temporary target: 1–1440, or `default` / 0 / nothing for the default. */
export function parseDuration(raw: unknown): Parsed<number> {
  if (raw === undefined || raw === '' || raw === 0)
    return { ok: true, value: DEFAULT_TEMPORARY_MINUTES };
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : null;
  if (text !== null && text.toLowerCase() === 'default') {
    return { ok: true, value: DEFAULT_TEMPORARY_MINUTES };
  }
  if (text === null || !/^\d{1,5}$/.test(text)) {
    return { ok: false, message: 'must be whole minutes, or "default"' };
  }
  const minutes = Number(text);
  if (minutes === 0) return { ok: true, value: DEFAULT_TEMPORARY_MINUTES };
  if (minutes < TEMPORARY_DURATION_MIN || minutes > TEMPORARY_DURATION_MAX) {
    return {
      ok: false,
      message: `must be from ${TEMPORARY_DURATION_MIN} to ${TEMPORARY_DURATION_MAX} minutes`,
    };
  }
  return { ok: true, value: minutes };
}

/**
 * How far ahead `until` may lie: at least a minute, at most 31 days (the contract's
 * TEMPORARY_UNTIL_MAX_DAYS; `duration` keeps the device's 1–1440 minutes).
 */
export const UNTIL_MIN_AHEAD_MS = 60_000;
export const UNTIL_MAX_AHEAD_MS = TEMPORARY_UNTIL_MAX_DAYS * 24 * 3_600_000;

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;

/**
 * The end of a temporary target as a device-local wall time 'YYYY-MM-DDTHH:MM:SS' (our
 * extension of `ziel`, so that every room of a group action ends at the same instant): the
 * instant, or null when none was sent. It must exist in the device's time zone and lie 1 minute
 * to 31 days after `now` (real time, so a summer-time change inside does not stretch it).
 */
export function parseUntil(raw: unknown, now: number, local: LocalClock): Parsed<number | null> {
  if (raw === undefined || raw === '') return { ok: true, value: null };
  const match = typeof raw === 'string' ? WALL_TIME.exec(raw.trim()) : null;
  const [year, month, day, hour, minute, second] = (match ?? []).slice(1).map(Number);
  const wall = match ? wallTime(year!, month!, day!, hour!, minute!, second!) : null;
  if (wall === null) return { ok: false, message: 'must be a local time YYYY-MM-DDTHH:MM:SS' };
  const instant = wallToEpoch(local, wall);
  if (instant === null) {
    return {
      ok: false,
      message: `does not exist in ${local.timeZone} (the clocks skip it for summer time)`,
    };
  }
  if (instant - now < UNTIL_MIN_AHEAD_MS) {
    return { ok: false, message: 'must be at least 1 minute ahead' };
  }
  if (instant - now > UNTIL_MAX_AHEAD_MS) {
    return { ok: false, message: `must be at most ${TEMPORARY_UNTIL_MAX_DAYS} days ahead` };
  }
  return { ok: true, value: instant };
}

const MODES: Record<string, 'Heating' | 'Cooling' | 'Off' | 'on'> = {
  heating: 'Heating',
  cooling: 'Cooling',
  off: 'Off',
  on: 'on',
};

/** The operating mode a `betriebsart` write asks for; `on` restores the mode before `off`. */
export function parseModeAction(raw: unknown): Parsed<'Heating' | 'Cooling' | 'Off' | 'on'> {
  const mode = typeof raw === 'string' ? MODES[raw.trim().toLowerCase()] : undefined;
  return mode
    ? { ok: true, value: mode }
    : { ok: false, message: 'must be one of heating, cooling, off, on' };
}

/** Whether a mode word means the room is regulated (the device compares case-insensitively). */
export const isActiveMode = (mode: string) => /^(heating|cooling)$/i.test(mode);
