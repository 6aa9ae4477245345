import type { IntlShape } from 'react-intl';
import type { Alarm } from '../api/alarm-types';
import { alarmKindLabel } from './format';

/** One CSV cell: quoted when it holds the separator, a quote or a line break. */
const cell = (value: string, separator: string) =>
  value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;

/** A wire time (device-local with offset) as German Excel reads it: "23.11.2026 07:40". */
const germanTime = (value: string | null) => {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value ?? '');
  return match ? `${match[3]}.${match[2]}.${match[1]} ${match[4]}:${match[5]}` : '';
};

/**
 * The console's list as CSV (issue 32), made in the browser: German with `;`, decimal comma,
 * `DD.MM.YYYY HH:MM` and a UTF-8 BOM (so Excel reads the umlauts); English with `,`, decimal
 * point and the wire's ISO times with offset. A cell a spreadsheet would run as a formula
 * (`=`, `+`, `-`, `@` first) gets a leading apostrophe.
 */
export function alarmsCsv(
  intl: IntlShape,
  alarms: readonly Alarm[],
  floorLabel: (name: string) => string,
): string {
  const german = intl.locale.startsWith('de');
  const separator = german ? ';' : ',';
  const t = (id: string) => intl.formatMessage({ id });
  const number = (value: number | null) =>
    value === null ? '' : german ? String(value).replace('.', ',') : String(value);
  const time = (value: string | null) => (german ? germanTime(value) : (value ?? ''));
  const text = (value: string | null) => {
    const plain = value ?? '';
    return /^[=+\-@\t\r]/.test(plain) ? `'${plain}` : plain;
  };
  const header = [
    'id',
    'room',
    'floor',
    'kind',
    'device',
    'since',
    'state',
    'value',
    'target',
    'acknowledgedBy',
    'acknowledgedAt',
    'note',
    'cleared',
  ].map((key) => t(`alarms.csv.${key}`));
  const rows = alarms.map((alarm) => {
    const stateId = `alarms.state.${alarm.state}`;
    return [
      String(alarm.id),
      text(alarm.room_name ?? ''),
      text(floorLabel(alarm.floor ?? '')),
      alarmKindLabel(intl, alarm),
      text(alarm.device ?? null),
      time(alarm.since),
      intl.messages[stateId] ? t(stateId) : alarm.state,
      // A battery's level is in the kind ("Batterie schwach (12 %)"), not a temperature.
      alarm.kind === 'battery-low' ? '' : number(alarm.value),
      number(alarm.target),
      text(alarm.acknowledged_by),
      time(alarm.acknowledged_at),
      text(alarm.note),
      time(alarm.cleared_at),
    ];
  });
  const lines = [header, ...rows].map((row) =>
    row.map((value) => cell(value, separator)).join(separator),
  );
  return `${german ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}
