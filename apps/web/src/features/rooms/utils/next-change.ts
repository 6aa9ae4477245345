import type { RoomNext } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';
import { formatTemperature, toNumber } from './room-values';

export type NextChange =
  | { kind: 'none' }
  | {
      kind: 'sameDay' | 'nextDay' | 'later';
      temperature: number;
      year: number;
      month: number;
      day: number;
      time: string;
    };

/**
 * The next scheduled change from next_temperature and next_due_time ("YYYY-MM-DD HH:MM", device
 * local time). The time is shown as the device wrote it; the day is compared with today's date.
 */
export function nextChange(nextTemperature: unknown, nextDueTime: unknown, now: Date): NextChange {
  const temperature = toNumber(nextTemperature);
  const match =
    typeof nextDueTime === 'string'
      ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/.exec(nextDueTime.trim())
      : null;
  if (temperature === null || !match) return { kind: 'none' };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = `${match[4]}:${match[5]}`;
  const dayNumber = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 86_400_000;
  const difference =
    dayNumber(year, month, day) - dayNumber(now.getFullYear(), now.getMonth() + 1, now.getDate());
  const kind = difference === 0 ? 'sameDay' : difference === 1 ? 'nextDay' : 'later';
  return { kind, temperature, year, month, day, time };
}

/** The contract's next change (roomActivity) as the schedule's next change, or none. */
export const nextChangeOf = (next: RoomNext | null, now: Date): NextChange =>
  next === null ? { kind: 'none' } : nextChange(next.target, next.at, now);

/**
 * "21,0 °C um 06:00", "21,0 °C morgen um 06:00", "21,0 °C am 3. Jan., 06:00" (with the year
 * when it is not this one: "am 6. Jan. 2027, 18:00"), or null.
 */
export function formatNextChange(
  intl: IntlShape,
  change: NextChange,
  now: Date = new Date(),
): string | null {
  if (change.kind === 'none') return null;
  const temp = formatTemperature(intl, change.temperature);
  const date = intl.formatDate(Date.UTC(change.year, change.month - 1, change.day), {
    day: 'numeric',
    month: 'short',
    year: change.year === now.getFullYear() ? undefined : 'numeric',
    timeZone: 'UTC',
  });
  return intl.formatMessage({ id: `rooms.next.${change.kind}` }, { temp, time: change.time, date });
}
