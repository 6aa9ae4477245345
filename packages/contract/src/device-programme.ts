/**
 * The device's own programme (issue 33): a real Controme Mini-Server lists its switch points at
 * `GET /get/json/v1/{houseId}/heizprogramm/`. Each names a scene (not a room), the next instant it
 * switches (naive local time `YYYY-MM-DD HH:MM`) and whether it is active; `{}` when the module is
 * off. Public clients see an array of points, and some firmware an object keyed by id; this is
 * the one reader both apps use, so neither sees the raw shapes.
 */
import type { Static } from 'typebox';
import type { ProgrammePointSchema } from './schemas/schedules.js';

/** One switch point of the device's programme, as our server passes it on. */
export type ProgrammePoint = Static<typeof ProgrammePointSchema>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "2026-11-27 06:00", "2026-11-27T06:00:00" → "2026-11-27 06:00"; anything else → null. */
function dueTime(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(
    value.trim(),
  );
  if (!match) return null;
  const [month, day, hour, minute] = match.slice(2).map(Number) as number[];
  if (month! < 1 || month! > 12 || day! < 1 || day! > 31 || hour! > 23 || minute! > 59) {
    return null;
  }
  return `${match[1]}-${match[2]}-${match[3]} ${match[4]}:${match[5]}`;
}

/** true, 1, "true", "1" are active; anything else (false, 0, null, missing) is not. */
function activeFlag(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  if (typeof value === 'string') return ['true', '1'].includes(value.trim().toLowerCase());
  return false;
}

/** One point, or null when it has no name to show (no scene, nothing to list). */
function readPoint(value: unknown): ProgrammePoint | null {
  if (!isRecord(value)) return null;
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (name === '') return null;
  return { name, next_due_time: dueTime(value.next_due_time), active: activeFlag(value.active) };
}

/**
 * The switch points of a `heizprogramm/` answer, in the device's order: an array of points, an
 * object whose values are points, or one bare point. `{}` (the module off), null or anything
 * else is no point. A field of the wrong type reads as its neutral value (`next_due_time` null,
 * `active` false); a point without a name is left out.
 */
export function readProgramme(answer: unknown): ProgrammePoint[] {
  let candidates: unknown[];
  if (Array.isArray(answer)) candidates = answer;
  else if (isRecord(answer)) candidates = 'name' in answer ? [answer] : Object.values(answer);
  else return [];
  return candidates.map(readPoint).filter((point): point is ProgrammePoint => point !== null);
}
