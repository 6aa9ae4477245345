/** Values as a device sends them, read safely; shared by the room pages, the overview and alarms. */
import type { IntlShape } from 'react-intl';

/**
 * A number from the device, or null. Real devices sometimes send German text ("kein Sensor
 * vorhanden") or a decimal comma where a number belongs; a page must never show "NaN °C".
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value)) {
    return Number(value.trim().replace(',', '.'));
  }
  return null;
}

/** "DD.MM.YYYY HH:MM" (device local time) as a Date, or null when it is not that. */
export function parseSensorTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{2})\.(\d{2})\.(\d{4}) (\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, day, month, year, hour, minute] = match.map(Number) as number[];
  return new Date(year!, month! - 1, day!, hour!, minute!);
}

export const STALE_AFTER_MS = 30 * 60 * 1000;

interface SensorLike {
  letzte_uebertragung?: unknown;
  raumtemperatursensor?: unknown;
}

/**
 * The last report of the room's temperature sensor (any sensor when none is marked as such),
 * or null when no sensor ever reported.
 */
export function lastSensorReport(sensors: unknown): Date | null {
  if (!Array.isArray(sensors)) return null;
  const list = sensors.filter((s): s is SensorLike => typeof s === 'object' && s !== null);
  const marked = list.filter((s) => s.raumtemperatursensor === true);
  const times = (marked.length > 0 ? marked : list)
    .map((s) => parseSensorTime(s.letzte_uebertragung))
    .filter((time): time is Date => time !== null);
  if (times.length === 0) return null;
  return new Date(Math.max(...times.map((time) => time.getTime())));
}

export const isStale = (report: Date | null, now: Date) =>
  report !== null && now.getTime() - report.getTime() > STALE_AFTER_MS;

/**
 * A time the device states ("2026-11-21T14:35:10" as in mode_end_datetime, an alarm's
 * "2026-11-23T07:40:00+01:00") as a Date holding the device's wall-clock time, or null. An offset
 * is ignored on purpose: the app shows device times as the building's clock reads them, so
 * "seit 07:40" is the same on the overview, the alarm list and the room page, wherever the
 * browser is.
 */
export function parseDeviceTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "14:35" on `now`'s day, else "22. Nov., 14:35" ("22 Nov, 14:35" in English), with the year
 * when it is not `now`'s ("6. Jan. 2027, 18:00").
 */
export function formatDayTime(intl: IntlShape, when: Date, now: Date): string {
  const time = intl.formatTime(when, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (when.toDateString() === now.toDateString()) return time;
  const year = when.getFullYear() === now.getFullYear() ? undefined : 'numeric';
  return `${intl.formatDate(when, { day: 'numeric', month: 'short', year })}, ${time}`;
}
