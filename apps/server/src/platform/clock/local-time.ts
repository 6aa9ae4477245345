/**
 * The device's local time. Schedules and the wire formats are in wall-clock time of one time
 * zone (TIME_ZONE); instants in the database are epoch milliseconds. A "wall" value is the local
 * wall-clock time written as if it were UTC, so plain Date UTC getters and minute arithmetic
 * work on it without any time-zone maths.
 */

export interface LocalClock {
  readonly timeZone: string;
  /** Local wall-clock time of an instant, as wall milliseconds. */
  toWall(epochMs: number): number;
}

const MINUTE = 60_000;
// UTC offsets change only at transitions, which every zone places on a quarter hour: one
// lookup per quarter hour is exact and keeps Intl (slow) out of the per-room path.
const BUCKET = 15 * MINUTE;

/** Whether Intl knows the zone (e.g. "Europe/Berlin"). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export function createLocalClock(timeZone: string): LocalClock {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const offsets = new Map<number, number>();
  const offsetAt = (epochMs: number): number => {
    const bucket = Math.floor(epochMs / BUCKET);
    const cached = offsets.get(bucket);
    if (cached !== undefined) return cached;
    const start = bucket * BUCKET;
    const parts: Record<string, number> = {};
    for (const part of format.formatToParts(new Date(start))) {
      if (part.type !== 'literal') parts[part.type] = Number(part.value);
    }
    const wall = Date.UTC(
      parts.year!,
      parts.month! - 1,
      parts.day!,
      parts.hour!,
      parts.minute!,
      parts.second!,
    );
    const offset = wall - start;
    if (offsets.size > 2_000) offsets.clear();
    offsets.set(bucket, offset);
    return offset;
  };
  return { timeZone, toWall: (epochMs) => epochMs + offsetAt(epochMs) };
}

/**
 * The instant of a local wall time, or null when the wall time does not exist (the hour the
 * clocks skip when summer time begins). A wall time that occurs twice (the hour repeated when
 * summer time ends) is its first occurrence. Every real zone has at most one transition in any
 * 48 hours, so the offsets a day before and a day after are the only candidates.
 */
export function wallToEpoch(clock: LocalClock, wallMs: number): number | null {
  const DAY = 24 * 60 * MINUTE;
  const candidates = [wallMs - DAY, wallMs + DAY]
    .map((probe) => wallMs - (clock.toWall(probe) - probe))
    .filter((epochMs) => clock.toWall(epochMs) === wallMs);
  return candidates.length > 0 ? Math.min(...candidates) : null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM' (next_due_time). */
export function formatDueTime(wallMs: number): string {
  const d = new Date(wallMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** 'YYYY-MM-DDTHH:MM:SS' (mode_end_datetime). */
export function formatEndTime(wallMs: number): string {
  const d = new Date(wallMs);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** 'DD.MM.YYYY HH:MM' (a sensor's letzte_uebertragung). */
export function formatReportedAt(wallMs: number): string {
  const d = new Date(wallMs);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** Monday = 0 … Sunday = 6, matching the schedule's day bits. */
export function wallWeekday(wallMs: number): number {
  return (new Date(wallMs).getUTCDay() + 6) % 7;
}

/** Minutes since local midnight. */
export function wallMinuteOfDay(wallMs: number): number {
  const d = new Date(wallMs);
  return d.getUTCHours() * 60 + d.getUTCMinutes();
}

export const WALL_MINUTE = MINUTE;

/**
 * An instant as the device's local time with its UTC offset, 'YYYY-MM-DDTHH:MM:SS+01:00': the
 * wire form of our own endpoints (history, audit, alarms, absences), unambiguous in the repeated
 * autumn hour.
 */
export function toOffsetIso(clock: LocalClock, epochMs: number): string {
  const wall = clock.toWall(epochMs);
  const day = Math.floor(wall / WALL_DAY);
  const second = Math.floor((wall - day * WALL_DAY) / 1000);
  return (
    datePart(day) +
    TWO_DIGITS[Math.floor(second / 3600)]! +
    ':' +
    TWO_DIGITS[Math.floor(second / 60) % 60]! +
    ':' +
    TWO_DIGITS[second % 60]! +
    offsetPart(Math.round((wall - epochMs) / MINUTE))
  );
}

// toOffsetIso runs for every sample of a history answer (1,440 in a day of raw history): the
// two-digit fields, each day's 'YYYY-MM-DDT' and each offset's '+01:00' are made once, not as a
// dozen short strings per sample (garbage that the collector then paused the server for).
const WALL_DAY = 24 * 60 * MINUTE;
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => pad(value));
const dateParts = new Map<number, string>();
const offsetParts = new Map<number, string>();

function datePart(day: number): string {
  let part = dateParts.get(day);
  if (part === undefined) {
    if (dateParts.size >= 10_000) dateParts.clear();
    const d = new Date(day * WALL_DAY);
    part = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T`;
    dateParts.set(day, part);
  }
  return part;
}

function offsetPart(offsetMinutes: number): string {
  let part = offsetParts.get(offsetMinutes);
  if (part === undefined) {
    const abs = Math.abs(offsetMinutes);
    part = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
    offsetParts.set(offsetMinutes, part);
  }
  return part;
}

const WIRE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})?$/;

/**
 * Reads a time our endpoints accept: ISO 8601 with an offset (or Z), or device-local time
 * without one, read in the device's zone (the earlier of a repeated hour). Null when the text is
 * no such time, names an impossible date, or a local time the clocks skip.
 */
export function parseWireTime(clock: LocalClock, text: string): number | null {
  const match = WIRE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s = '0', fraction = '', zone] = match;
  const fields = [y, mo, d, h, mi, s].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const wall = wallTime(...fields);
  if (wall === null) return null;
  // Milliseconds count: a client filtering `from` an instant it took must not get the entries
  // of the same second before it.
  const millis = Number(fraction.padEnd(3, '0'));
  let epoch: number | null;
  if (zone === undefined) epoch = wallToEpoch(clock, wall);
  else if (zone === 'Z') epoch = wall;
  else {
    const sign = zone.startsWith('-') ? -1 : 1;
    const offset = sign * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * MINUTE;
    epoch = Math.abs(offset) > 18 * 60 * MINUTE ? null : wall - offset;
  }
  // 1970-01-01T00:30 in Berlin is still 1969 in UTC.
  return epoch === null || epoch < 0 ? null : epoch + millis;
}

/**
 * The wall milliseconds of a date and time as written (month 1–12), or null when no such time
 * exists (31 February, 24:00) or it lies before 1970. Date.UTC reads the years 0–99 as
 * 1900–1999, so without the floor `0099-06-01` silently became 1999-06-01; nothing this server
 * keeps or is asked about lies before 1970.
 */
export function wallTime(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number | null {
  if (year < 1970 || month < 1 || month > 12 || day < 1) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(wall);
  // 31 February and the like roll over into the next month.
  return date.getUTCFullYear() === year && date.getUTCDate() === day ? wall : null;
}

/**
 * The wall time a weekly programme reads at `epochMs`: the local wall time, except in the hour
 * the clocks repeat when summer time ends, where it stays at the end of the first pass (so a
 * switch point in that hour fires once, at its first occurrence, and nothing switches back).
 */
export function scheduleWall(clock: LocalClock, epochMs: number): number {
  const wall = clock.toWall(epochMs);
  const offset = wall - epochMs;
  const hourAgo = epochMs - 60 * MINUTE;
  if (clock.toWall(hourAgo) - hourAgo <= offset) return wall;
  // The clocks went back within the last hour, at a quarter hour: find that instant.
  let transition = epochMs - (epochMs % BUCKET);
  while (transition > hourAgo && clock.toWall(transition - 1) - (transition - 1) === offset) {
    transition -= BUCKET;
  }
  return Math.max(wall, clock.toWall(transition - 1));
}

/** The device-local date of an instant, `YYYY-MM-DD` (validity days, issue 34). */
export function localDate(clock: LocalClock, epochMs: number): string {
  return new Date(clock.toWall(epochMs)).toISOString().slice(0, 10);
}

/**
 * The first instant of a validity's first day (`YYYY-MM-DD`, device-local midnight); -Infinity
 * for none. History, alarms and audit of a user start here (issue 34).
 */
export function firstInstant(clock: LocalClock, day: string | null | undefined): number {
  if (!day) return -Infinity;
  return wallToEpoch(clock, Date.parse(`${day}T00:00:00Z`)) ?? Date.parse(`${day}T00:00:00Z`);
}
