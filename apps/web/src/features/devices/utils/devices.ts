import type { MqttDevice } from '@raumregler/contract';
import type { IntlShape } from 'react-intl';
import { parseDeviceTime } from '@/lib/device-values';

/** The page's filters besides the search. */
export const DEVICE_FILTERS = ['all', 'unassigned', 'offline', 'unknown', 'batteryLow'] as const;
export type DeviceFilter = (typeof DEVICE_FILTERS)[number];

/** Under this a battery is shown as low (the issue's `battery-low` alarm bound). */
export const BATTERY_LOW = 15;

/** Lower case without accents, so "kuche" finds "Küche". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The devices a search (name, room, vendor, model) and a filter leave. */
export function filterDevices(
  devices: readonly MqttDevice[],
  search: string,
  filter: DeviceFilter,
): MqttDevice[] {
  const needle = fold(search.trim());
  return devices.filter((device) => {
    if (filter === 'unassigned' && (device.room || !device.known)) return false;
    if (filter === 'offline' && device.availability !== 'offline') return false;
    if (filter === 'unknown' && device.known) return false;
    if (filter === 'batteryLow' && !(device.battery !== null && device.battery < BATTERY_LOW))
      return false;
    if (needle === '') return true;
    return [device.name, device.room?.name, device.vendor, device.model, device.description]
      .filter((text): text is string => typeof text === 'string')
      .some((text) => fold(text).includes(needle));
  });
}

/** "Danfoss 014G2461", or "–". */
export const modelText = (device: MqttDevice) =>
  [device.vendor, device.model].filter(Boolean).join(' ') || '–';

/** "vor 3 Min.", "vor 2 Std.", "vor 4 Tagen"; "nie" before a report. */
export function lastReportText(intl: IntlShape, value: string | null, now: Date): string {
  const when = parseDeviceTime(value);
  if (!when) return intl.formatMessage({ id: 'devices.lastReport.never' });
  const seconds = Math.round((when.getTime() - now.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return intl.formatMessage({ id: 'devices.lastReport.now' });
  const style = { numeric: 'always', style: 'short' } as const;
  if (abs < 3600) return intl.formatRelativeTime(Math.round(seconds / 60), 'minute', style);
  if (abs < 86_400) return intl.formatRelativeTime(Math.round(seconds / 3600), 'hour', style);
  return intl.formatRelativeTime(Math.round(seconds / 86_400), 'day', style);
}

/** "21,5 °C", or null. */
export const temperatureText = (intl: IntlShape, value: number | null) =>
  value === null
    ? null
    : `${intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} °C`;
