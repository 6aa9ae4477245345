import { describe, expect, it } from 'vitest';
import { testIntl } from '@/lib/testing-catalogs';
import {
  formatTemperature,
  isCooling,
  isStale,
  lastSensorReport,
  parseSensorTime,
  toNumber,
  toSetpoint,
} from './room-values';

describe('numbers from the device', () => {
  it('survives German text and decimal commas', () => {
    expect(toNumber(21.5)).toBe(21.5);
    expect(toNumber('21,5')).toBe(21.5);
    expect(toNumber('kein Sensor vorhanden')).toBeNull();
    expect(toNumber(null)).toBeNull();
    expect(toNumber(Number.NaN)).toBeNull();
  });

  it('formats temperatures per locale and shows a dash without a value', () => {
    const de = testIntl('de');
    const en = testIntl('en');
    expect(formatTemperature(de, 21.5)).toBe('21,5 °C');
    expect(formatTemperature(en, 21.5)).toBe('21.5 °C');
    expect(formatTemperature(de, 21)).toBe('21,0 °C');
    expect(formatTemperature(de, null)).toBe('–');
    expect(formatTemperature(de, 'kein Sensor vorhanden')).toBe('–');
  });

  it('writes setpoints with one decimal and a point', () => {
    expect(toSetpoint(21.5)).toBe('21.5');
    expect(toSetpoint(22)).toBe('22.0');
  });
});

describe('sensor reports', () => {
  it('parses the device format and rejects anything else', () => {
    expect(parseSensorTime('21.11.2026 09:05')).toEqual(new Date(2026, 10, 21, 9, 5));
    expect(parseSensorTime('gestern')).toBeNull();
    expect(parseSensorTime(null)).toBeNull();
  });

  it('takes the newest report of the room temperature sensor', () => {
    const sensors = [
      { raumtemperatursensor: true, letzte_uebertragung: '21.11.2026 09:00' },
      { raumtemperatursensor: true, letzte_uebertragung: '21.11.2026 09:10' },
      { raumtemperatursensor: false, letzte_uebertragung: '21.11.2026 11:00' },
    ];
    expect(lastSensorReport(sensors)).toEqual(new Date(2026, 10, 21, 9, 10));
    expect(lastSensorReport([])).toBeNull();
    expect(lastSensorReport('kaputt')).toBeNull();
  });

  it('calls a report older than 30 minutes stale', () => {
    const report = new Date(2026, 10, 21, 9, 0);
    expect(isStale(report, new Date(2026, 10, 21, 9, 30))).toBe(false);
    expect(isStale(report, new Date(2026, 10, 21, 9, 31))).toBe(true);
    expect(isStale(null, new Date())).toBe(false);
  });
});

describe('isCooling', () => {
  it('is true for "Cooling" in any letter case, false for heating, off or nothing', () => {
    expect(isCooling({ betriebsart: 'Cooling' })).toBe(true);
    expect(isCooling({ betriebsart: ' COOLING ' })).toBe(true);
    expect(isCooling({ betriebsart: 'Heating' })).toBe(false);
    expect(isCooling({ betriebsart: 'Off' })).toBe(false);
    expect(isCooling({})).toBe(false);
  });
});
