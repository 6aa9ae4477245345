import type { IntlShape } from 'react-intl';
import { formatDayTime, parseDeviceTime } from '@/lib/device-values';

/** An alarm's time on the device's clock: "07:40" today, else "23. Nov., 07:40"; empty without. */
export function formatAlarmTime(intl: IntlShape, value: unknown, now: Date): string {
  const when = parseDeviceTime(value);
  return when ? formatDayTime(intl, when, now) : '';
}
