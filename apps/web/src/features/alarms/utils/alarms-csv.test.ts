import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import de from '@/i18n/de/alarms.json';
import en from '@/i18n/en/alarms.json';
import { alarm } from '../testing';
import { alarmsCsv } from './alarms-csv';

const list = [
  alarm({ id: 7, room_name: 'Raum 1.01', floor: 'EG', value: 17.2, target: 21, note: 'a; "b"' }),
  alarm({ id: 8, room_name: '=HYPERLINK()', kind: 'sensor-silent', value: null }),
];

describe('the alarm CSV', () => {
  it('is German with ;, decimal comma, DD.MM.YYYY HH:MM and a BOM', () => {
    const text = alarmsCsv(createIntl({ locale: 'de-DE', messages: de }), list, (name) => name);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Nr.;Raum;Geschoss;Art;Gerät;Seit;Zustand;Wert °C;Ziel °C;Quittiert von;Quittiert am;Notiz;Behoben',
    );
    expect(lines[1]).toBe('7;Raum 1.01;EG;zu kalt;;23.11.2026 07:40;Aktiv;17,2;21;;;"a; ""b""";');
    expect(lines[2]).toContain(";'=HYPERLINK();");
  });

  it('names a device alarm’s device, and a battery in its kind (not as °C)', () => {
    const text = alarmsCsv(
      createIntl({ locale: 'de-DE', messages: de }),
      [
        alarm({
          id: 9,
          kind: 'battery-low',
          device: 'TRV Bad',
          device_kind: 'thermostat',
          value: 12,
          target: null,
        }),
        alarm({
          id: 10,
          kind: 'device-offline',
          device: 'Sensor, Flur',
          device_kind: 'sensor',
          value: null,
          target: null,
        }),
      ],
      (name) => name,
    );
    const lines = text.slice(1).split('\r\n');
    expect(lines[1]).toMatch(
      /^9;Wohnzimmer;EG;Batterie schwach \(12\s%\);TRV Bad;23\.11\.2026 07:40;Aktiv;;;/,
    );
    expect(lines[2]).toMatch(/^10;Wohnzimmer;EG;Sensor nicht erreichbar;Sensor, Flur;/);
  });

  it('is English with , decimal point and ISO times', () => {
    const text = alarmsCsv(createIntl({ locale: 'en-GB', messages: en }), list, (name) => name);
    expect(text.startsWith('id,room,')).toBe(true);
    expect(text.split('\r\n')[1]).toBe(
      '7,Raum 1.01,EG,too cold,,2026-11-23T07:40:00+01:00,Active,17.2,21,,,"a; ""b""",',
    );
  });
});
