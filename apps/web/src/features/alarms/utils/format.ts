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

type DeviceAlarm = Pick<Alarm, 'kind' | 'device' | 'device_kind' | 'value'>;

/** "12 %" (German) or "12%" (English): a battery level. */
export const formatPercent = (intl: IntlShape, value: number) =>
  intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 });

/**
 * An alarm's kind as the app says it (issue 36): a device's device-offline by what the device is
 * ("Thermostat nicht erreichbar", "Sensor nicht erreichbar"), battery-low with its level
 * ("Batterie schwach (12 %)"); proxy mode's whole device stays "Regler nicht erreichbar".
 */
export function alarmKindLabel(intl: IntlShape, alarm: DeviceAlarm): string {
  if (alarm.device != null && alarm.kind === 'device-offline') {
    const id = `alarms.kind.device-offline.${alarm.device_kind ?? 'other'}`;
    if (intl.messages[id]) return intl.formatMessage({ id });
  }
  if (alarm.kind === 'battery-low' && typeof alarm.value === 'number') {
    return intl.formatMessage(
      { id: 'alarms.kind.battery-low.percent' },
      { percent: formatPercent(intl, alarm.value) },
    );
  }
  return kindLabel(intl, alarm.kind);
}

/** The kind with the device it is about: "Thermostat nicht erreichbar: TRV Wohnzimmer". */
export function alarmTitle(intl: IntlShape, alarm: DeviceAlarm): string {
  const kind = alarmKindLabel(intl, alarm);
  return alarm.device == null
    ? kind
    : intl.formatMessage({ id: 'alarms.withDevice' }, { kind, device: alarm.device });
}

/** Value and target: a battery level in %, a temperature in °C, "–" where none. */
export function alarmValueTarget(
  intl: IntlShape,
  alarm: DeviceAlarm & Pick<Alarm, 'target'>,
): string {
  const value =
    alarm.kind === 'battery-low' && typeof alarm.value === 'number'
      ? formatPercent(intl, alarm.value)
      : formatTemp(intl, alarm.value);
  return intl.formatMessage(
    { id: 'alarms.valueTarget' },
    { value, target: formatTemp(intl, alarm.target) },
  );
}
