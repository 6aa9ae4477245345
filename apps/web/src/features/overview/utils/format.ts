import type { IntlShape } from 'react-intl';
import { formatDayTime } from '@/lib/device-values';
import type { OverviewRow } from './rows';

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** What a cell shows for a value the room does not have (no sensor): never an empty cell. */
export const NO_VALUE = '–';

/** "21,5 °C" / "21.5 °C"; "–" without a value. */
export const formatTemp = (intl: IntlShape, value: number | null) =>
  value === null ? NO_VALUE : `${intl.formatNumber(value, oneDecimal)} °C`;

/** "−2,5 K", "+1,0 K", "0,0 K" (a true minus sign); "–" without a value. */
export const formatDeviation = (intl: IntlShape, value: number | null) =>
  value === null
    ? NO_VALUE
    : intl.formatMessage(
        { id: 'overview.deviation' },
        {
          value: intl
            .formatNumber(value, { ...oneDecimal, signDisplay: 'exceptZero' })
            .replace('-', '\u2212'),
        },
      );

/** The status cell: "Heizen", "Vorübergehend bis 18:30", "Sensor meldet nicht" … */
export function formatStatus(intl: IntlShape, row: OverviewRow, now: Date): string {
  if (row.status === 'alarm' && row.alarm) {
    const { device, deviceKind } = row.alarm;
    // A device's alarm (issue 36): "Thermostat nicht erreichbar (TRV Wohnzimmer)".
    const byDevice = `overview.alarmKind.${row.alarm.kind}.${deviceKind ?? ''}`;
    const id =
      device && intl.messages[byDevice] ? byDevice : `overview.alarmKind.${row.alarm.kind}`;
    const label = intl.messages[id] ? intl.formatMessage({ id }) : row.alarm.kind;
    const kind = device
      ? intl.formatMessage({ id: 'overview.alarmDevice' }, { kind: label, device })
      : label;
    return row.alarm.since
      ? intl.formatMessage(
          { id: 'overview.status.alarmSince' },
          { kind, time: formatDayTime(intl, row.alarm.since, now) },
        )
      : intl.formatMessage({ id: 'overview.status.alarm' }, { kind });
  }
  if (row.status === 'absent' && row.absentUntil) {
    return intl.formatMessage(
      { id: 'overview.status.absent' },
      { time: formatDayTime(intl, row.absentUntil, now) },
    );
  }
  if (row.status === 'temporary') {
    return row.temporaryUntil
      ? intl.formatMessage(
          { id: 'overview.status.temporary' },
          { time: formatDayTime(intl, row.temporaryUntil, now) },
        )
      : intl.formatMessage({ id: 'overview.status.temporaryOpen' });
  }
  return intl.formatMessage({ id: `overview.status.${row.status}` });
}

/** "18,0 °C um 22:00" ("Zeitplan ab 06:12" when its target is unknown); empty when none. */
export function formatNext(intl: IntlShape, row: OverviewRow, now: Date): string {
  if (row.nextDue === null) return '';
  if (row.nextTemperature === null) {
    return intl.formatMessage(
      { id: 'overview.nextUnknown' },
      { time: formatDayTime(intl, row.nextDue, now) },
    );
  }
  return intl.formatMessage(
    { id: 'overview.next' },
    {
      temp: formatTemp(intl, row.nextTemperature),
      time: formatDayTime(intl, row.nextDue, now),
    },
  );
}

export const formatHumidity = (intl: IntlShape, value: number | null) =>
  value === null
    ? NO_VALUE
    : intl.formatMessage(
        { id: 'overview.humidity' },
        { value: intl.formatNumber(value, { maximumFractionDigits: 0 }) },
      );
