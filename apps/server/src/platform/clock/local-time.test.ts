import { describe, expect, it } from 'vitest';
import { createLocalClock, parseWireTime, toOffsetIso } from './local-time.js';

const berlin = createLocalClock('Europe/Berlin');

describe('toOffsetIso', () => {
  it('writes local time with the offset of winter and of summer', () => {
    expect(toOffsetIso(berlin, Date.UTC(2026, 10, 23, 7, 0, 0))).toBe('2026-11-23T08:00:00+01:00');
    expect(toOffsetIso(berlin, Date.UTC(2026, 6, 1, 6, 30, 15))).toBe('2026-07-01T08:30:15+02:00');
  });

  it('tells the two 02:30 of the autumn night apart', () => {
    // 25 October 2026: clocks go back from 03:00 CEST to 02:00 CET.
    expect(toOffsetIso(berlin, Date.UTC(2026, 9, 25, 0, 30))).toBe('2026-10-25T02:30:00+02:00');
    expect(toOffsetIso(berlin, Date.UTC(2026, 9, 25, 1, 30))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('writes what Intl says the wall time is, offsets west, east and by half hours', () => {
    // The reference: Intl's own text of each instant in the zone ('sv-SE' writes
    // '2026-10-25 00:00:05'), with the offset that wall time implies.
    for (const timeZone of ['Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'UTC']) {
      const clock = createLocalClock(timeZone);
      // Through 2026 and its clock changes, at odd steps (every second of the minute shows up).
      for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 7 * 3_600_000 + 61_001) {
        const wallText = new Date(at).toLocaleString('sv-SE', { timeZone });
        const wall = Date.parse(`${wallText.replace(' ', 'T')}Z`);
        const offset = Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
        const sign = offset < 0 ? '-' : '+';
        const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offset) % 60).padStart(2, '0');
        expect(toOffsetIso(clock, at)).toBe(`${wallText.replace(' ', 'T')}${sign}${hh}:${mm}`);
      }
    }
  });
});

describe('parseWireTime', () => {
  it('reads the offset form back to the same instant', () => {
    const instant = Date.UTC(2026, 9, 25, 1, 30);
    expect(parseWireTime(berlin, toOffsetIso(berlin, instant))).toBe(instant);
    expect(parseWireTime(berlin, '2026-11-23T07:00:00Z')).toBe(Date.UTC(2026, 10, 23, 7));
    // A JavaScript toISOString(): its milliseconds count.
    expect(parseWireTime(berlin, '2026-11-23T07:00:00.816Z')).toBe(Date.UTC(2026, 10, 23, 7) + 816);
    expect(parseWireTime(berlin, '2026-11-23T08:00:00.5+01:00')).toBe(
      Date.UTC(2026, 10, 23, 7) + 500,
    );
  });

  it('reads local time without an offset in the device zone, the earlier of a repeated hour', () => {
    expect(parseWireTime(berlin, '2026-11-23T08:00:00')).toBe(Date.UTC(2026, 10, 23, 7));
    expect(parseWireTime(berlin, '2026-11-23T08:00')).toBe(Date.UTC(2026, 10, 23, 7));
    expect(parseWireTime(berlin, '2026-10-25T02:30:00')).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it('refuses what is no time, impossible dates and the skipped spring hour', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-02-31T08:00:00',
      '2026-13-01T00:00',
      '2026-11-23 08:00',
      '2026-03-29T02:30:00',
      '2026-11-23T08:00:00+19:00',
    ]) {
      expect(parseWireTime(berlin, text), text).toBeNull();
    }
  });

  it('refuses dates before 1970, which Date.UTC read as 1900–1999 for the years 0–99', () => {
    for (const text of [
      '0099-06-01T00:00',
      '0000-01-01T00:00:00Z',
      '0050-06-01T12:00:00+01:00',
      '1969-12-31T23:59:59Z',
      '1970-01-01T00:30:00',
      '1970-01-01T00:30:00+01:00',
    ]) {
      expect(parseWireTime(berlin, text), text).toBeNull();
    }
    expect(parseWireTime(berlin, '1970-01-01T00:00:00Z')).toBe(0);
    expect(parseWireTime(berlin, '1999-06-01T00:00:00Z')).toBe(Date.UTC(1999, 5, 1));
  });
});
