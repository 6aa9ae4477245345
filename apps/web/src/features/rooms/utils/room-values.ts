import type { IntlShape } from 'react-intl';

export {
  isStale,
  lastSensorReport,
  parseSensorTime,
  STALE_AFTER_MS,
  toNumber,
} from '@/lib/device-values';
import { toNumber } from '@/lib/device-values';

/** "21,5 °C" in German, "21.5 °C" in English; a dash when there is no number. */
export function formatTemperature(intl: IntlShape, value: unknown): string {
  const number = toNumber(value);
  if (number === null) return '–';
  return `${intl.formatNumber(number, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} °C`;
}

/** The room cools towards its target (`betriebsart` "Cooling", any letter case). */
export function isCooling(room: { betriebsart?: unknown }): boolean {
  return (
    typeof room.betriebsart === 'string' && room.betriebsart.trim().toLowerCase() === 'cooling'
  );
}

/** The setpoint as the device API wants it: a one-decimal string with a point. */
export const toSetpoint = (value: number) => value.toFixed(1);
