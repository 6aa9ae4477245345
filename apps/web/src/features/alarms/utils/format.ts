import type { IntlShape } from 'react-intl';
import type { Alarm } from '../api/alarm-types';

/** "zu kalt", "zu warm", "Sensor meldet nicht"; a kind this app does not know yet as the server names it. */
export function kindLabel(intl: IntlShape, kind: Alarm['kind']): string {
  const id = `alarms.kind.${kind}`;
  return intl.messages[id] ? intl.formatMessage({ id }) : String(kind);
}

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** "17,5 °C"; "–" without a value (a silent sensor has none to tell). */
export const formatTemp = (intl: IntlShape, value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value)
    ? `${intl.formatNumber(value, oneDecimal)} °C`
    : '–';
