import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from '@/i18n/de/alarms.json';
import en from '@/i18n/en/alarms.json';
import { alarm } from '../testing';
import { alarmKindLabel, alarmTitle, alarmValueTarget } from './format';

const german = createIntl({ locale: 'de-DE', messages: de });
const english = createIntl({ locale: 'en-GB', messages: en });
/** Intl's spaces (a narrow no-break space before %) as plain ones, to compare with words. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

const offlineThermostat = alarm({
  id: 1,
  kind: 'device-offline',
  device: 'TRV Wohnzimmer',
  device_kind: 'thermostat',
  value: null,
  target: null,
});

describe('device alarm texts (issue 36)', () => {
  it('names an unreachable device by what it is, with its name', () => {
    expect(alarmTitle(german, offlineThermostat)).toBe(
      'Thermostat nicht erreichbar: TRV Wohnzimmer',
    );
    expect(alarmTitle(english, offlineThermostat)).toBe('Thermostat unreachable: TRV Wohnzimmer');
    const sensor = { ...offlineThermostat, device: 'Sensor Bad', device_kind: 'sensor' as const };
    expect(alarmKindLabel(german, sensor)).toBe('Sensor nicht erreichbar');
    expect(alarmKindLabel(english, sensor)).toBe('Sensor unreachable');
    // Proxy mode's whole device keeps its words.
    const controller = alarm({ id: 2, kind: 'device-offline', room: null, room_name: null });
    expect(alarmTitle(german, controller)).toBe('Regler nicht erreichbar');
  });

  it('gives a low battery with its level where known, and as % not °C', () => {
    const low = alarm({
      id: 3,
      kind: 'battery-low',
      device: 'Sensor Bad',
      device_kind: 'sensor',
      value: 12,
      target: null,
    });
    expect(plain(alarmTitle(german, low))).toBe('Batterie schwach (12 %): Sensor Bad');
    expect(plain(alarmTitle(english, low))).toBe('Battery low (12%): Sensor Bad');
    expect(plain(alarmValueTarget(german, low))).toBe('12 % / –');
    expect(alarmKindLabel(german, { ...low, value: null })).toBe('Batterie schwach');
  });

  it('says a thermostat does not confirm its setpoint, with the setpoint sent', () => {
    const unconfirmed = alarm({
      id: 4,
      kind: 'device-unconfirmed',
      device: 'TRV Bad',
      device_kind: 'thermostat',
      value: null,
      target: 22.5,
    });
    expect(alarmTitle(german, unconfirmed)).toBe(
      'Thermostat bestätigt den Sollwert nicht: TRV Bad',
    );
    expect(alarmTitle(english, unconfirmed)).toBe(
      'Thermostat does not confirm the setpoint: TRV Bad',
    );
    expect(plain(alarmValueTarget(german, unconfirmed))).toBe('– / 22,5 °C');
  });
});
