import type { IntlShape } from 'react-intl';

export { parseModeEnd } from '@/lib/device-values';

/** "14:35" today, otherwise "22. Nov., 14:35" ("Nov 22, 14:35" in English). */
export function formatEndTime(intl: IntlShape, end: Date, now: Date): string {
  const time = intl.formatTime(end, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  if (end.toDateString() === now.toDateString()) return time;
  return `${intl.formatDate(end, { day: 'numeric', month: 'short' })}, ${time}`;
}
