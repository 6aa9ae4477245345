import type { IntlShape } from 'react-intl';
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
