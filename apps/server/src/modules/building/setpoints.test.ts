import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TEMPORARY_MINUTES,
  parseDuration,
  parseModeAction,
  parseSetpoint,
} from './setpoints.js';

describe('parseSetpoint', () => {
  it('reads decimal strings with a point or a comma and snaps them to 0.125 °C', () => {
    expect(parseSetpoint('21.5', 5, 30)).toEqual({ ok: true, value: 21.5 });
    expect(parseSetpoint('22,3', 5, 30)).toEqual({ ok: true, value: 22.25 });
    expect(parseSetpoint(' 19.06 ', 5, 30)).toEqual({ ok: true, value: 19 });
    expect(parseSetpoint(20.2, 5, 30)).toEqual({ ok: true, value: 20.25 });
  });

  it('refuses values outside the room limits, and text that is no number', () => {
    expect(parseSetpoint('30.5', 5, 30)).toMatchObject({ ok: false });
    expect(parseSetpoint('4', 5, 30)).toMatchObject({ ok: false });
    for (const bad of ['abc', '21.5.1', '1e2', 'NaN', 'Infinity', '', undefined, null, ['21']]) {
      expect(parseSetpoint(bad, 5, 30), String(bad)).toMatchObject({ ok: false });
    }
  });
});

describe('parseDuration', () => {
  it('takes whole minutes from 1 to 1440', () => {
    expect(parseDuration('90')).toEqual({ ok: true, value: 90 });
    expect(parseDuration(1440)).toEqual({ ok: true, value: 1440 });
  });

  it('uses the default for "default", 0 or nothing', () => {
    for (const raw of ['default', 'DEFAULT', '0', 0, undefined, '']) {
      expect(parseDuration(raw)).toEqual({ ok: true, value: DEFAULT_TEMPORARY_MINUTES });
    }
  });

  it('refuses fractions, text and values past a day', () => {
    for (const bad of ['1.5', 'abc', '1441', '-5', 99999, { x: 1 }]) {
      expect(parseDuration(bad), String(bad)).toMatchObject({ ok: false });
    }
  });
});

describe('parseModeAction', () => {
  it('accepts the four words in any case', () => {
    expect(parseModeAction('Heating')).toEqual({ ok: true, value: 'Heating' });
    expect(parseModeAction('OFF')).toEqual({ ok: true, value: 'Off' });
    expect(parseModeAction('on')).toEqual({ ok: true, value: 'on' });
    expect(parseModeAction('warm')).toMatchObject({ ok: false });
  });
});
