import { describe, expect, it } from 'vitest';
import { groupWrites } from './group';
import type { OverviewRow } from './rows';
import { checkUntil, durationBeside } from './until';

// Monday 23 Nov 2026, 10:00 local time.
const now = new Date(2026, 10, 23, 10, 0);

describe('checkUntil ("Bis …")', () => {
  it('takes a date and a time up to 31 days ahead as one local instant', () => {
    expect(checkUntil('2026-11-27', '18:00', now, false)).toEqual({
      until: new Date(2026, 10, 27, 18, 0),
    });
    expect(checkUntil('2026-12-24', '10:00', now, false)).toEqual({
      until: new Date(2026, 11, 24, 10, 0),
    });
  });

  it('says what is wrong: missing, invalid, not in the future, too far', () => {
    expect(checkUntil('', '18:00', now, false)).toEqual({ problem: 'missing' });
    expect(checkUntil('2026-11-27', '', now, false)).toEqual({ problem: 'missing' });
    expect(checkUntil('2026-02-30', '18:00', now, false)).toEqual({ problem: 'invalid' });
    expect(checkUntil('2026-11-23', '09:00', now, false)).toEqual({ problem: 'past' });
    expect(checkUntil('2026-11-23', '10:00', now, false)).toEqual({ problem: 'past' });
    expect(checkUntil('2026-12-24', '10:01', now, false)).toEqual({ problem: 'tooFar' });
  });

  it('reaches only 24 hours ahead in proxy mode, where the device takes only a duration', () => {
    expect(checkUntil('2026-11-24', '10:00', now, true)).toEqual({
      until: new Date(2026, 10, 24, 10, 0),
    });
    expect(checkUntil('2026-11-24', '10:01', now, true)).toEqual({ problem: 'tooFar' });
    expect(checkUntil('2026-11-27', '18:00', now, true)).toEqual({ problem: 'tooFar' });
  });
});

describe('durationBeside', () => {
  it('is the minutes to the end within the device’s 1–1440', () => {
    expect(durationBeside(new Date(2026, 10, 23, 12, 30), now)).toBe(150);
    expect(durationBeside(new Date(2026, 10, 27, 18, 0), now)).toBe(1440);
    expect(durationBeside(new Date(2026, 10, 23, 10, 0, 20), now)).toBe(1);
  });
});

describe('groupWrites for "Bis …"', () => {
  it('gives every room the same end instant and value', () => {
    const rows = [{ id: 1 }, { id: 2 }, { id: 3 }] as OverviewRow[];
    const writes = groupWrites(
      { kind: 'until', target: 19, until: new Date(2026, 10, 27, 18, 0) },
      rows,
      now,
    );
    expect(writes).toEqual(
      rows.map((row) => ({
        roomId: row.id,
        kind: 'temporary',
        target: 19,
        minutes: 1440,
        until: '2026-11-27T18:00:00',
      })),
    );
  });
});
