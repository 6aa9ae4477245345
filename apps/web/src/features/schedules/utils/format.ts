import type { IntlShape } from 'react-intl';
import { parseDeviceTime } from '@/lib/device-values';
import { fromMinutes, type DayKey } from './week';

/** "21,0 °C" in German, "21.0 °C" in English; "21,25 °C" where the device's grid has more. */
export const formatTarget = (intl: IntlShape, value: number) =>
  `${intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 3 })} °C`;

/** The bar's printed value: "21,0" (the scale's unit is said once, in the legend). */
export const formatShort = (intl: IntlShape, value: number) =>
  intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 3 });

export const dayName = (intl: IntlShape, day: DayKey) =>
  intl.formatMessage({ id: `schedules.day.${day}` });

export const dayShort = (intl: IntlShape, day: DayKey) =>
  intl.formatMessage({ id: `schedules.dayShort.${day}` });

/** What a screen reader says for a point: "Montag 06:00, 21,0 °C". */
export const pointLabel = (intl: IntlShape, day: DayKey, minute: number, target: number) =>
  intl.formatMessage(
    { id: 'schedules.point.label' },
    { day: dayName(intl, day), time: fromMinutes(minute), target: formatTarget(intl, target) },
  );

/**
 * A device switch point's next switch ("2026-11-27 06:00", the device's naive local time) with
 * its weekday: "Fr., 27. Nov., 06:00" in German, "Fri 27 Nov, 06:00" in English; the year when
 * it is not `now`'s. Shown as the device's clock reads it, wherever the browser is. Null when the
 * device gives no time.
 */
export function formatNextSwitch(intl: IntlShape, text: string | null, now: Date): string | null {
  const when = parseDeviceTime(text);
  if (!when) return null;
  const date = intl.formatDate(when, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: when.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
  const time = intl.formatTime(when, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${date}, ${time}`;
}
