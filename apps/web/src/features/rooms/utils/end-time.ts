import type { IntlShape } from 'react-intl';

/** mode_end_datetime ("YYYY-MM-DDTHH:MM:SS", device local time) as a Date, or null. */
export function parseModeEnd(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  return new Date(year!, month! - 1, day!, hour!, minute!, second!);
}

/** "14:35" today, otherwise "22. Nov., 14:35" ("Nov 22, 14:35" in English). */
export function formatEndTime(intl: IntlShape, end: Date, now: Date): string {
  const time = intl.formatTime(end, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (end.toDateString() === now.toDateString()) return time;
  return `${intl.formatDate(end, { day: 'numeric', month: 'short' })}, ${time}`;
}
