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
});
