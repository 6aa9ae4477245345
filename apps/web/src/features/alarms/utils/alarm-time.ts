import type { IntlShape } from 'react-intl';

/**
 * A wire time ("2026-11-23T07:40:00+01:00", device-local with offset) as a Date holding the
 * device's wall-clock time, or null. The app shows device times as the device's clock reads them
 * (like mode_end_datetime), so "seit 07:40" matches the building, wherever the browser is.
 */
export function parseAlarmTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day!, hour!, minute!, second!);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "07:40" today, else "23. Nov., 07:40" ("Nov 23, 07:40"); empty without a time. */
export function formatAlarmTime(intl: IntlShape, value: unknown, now: Date): string {
  const when = parseAlarmTime(value);
  if (!when) return '';
  const time = intl.formatTime(when, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (when.toDateString() === now.toDateString()) return time;
  return `${intl.formatDate(when, { day: 'numeric', month: 'short' })}, ${time}`;
}
