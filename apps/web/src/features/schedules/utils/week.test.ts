import { describe, expect, it } from 'vitest';
import { daySegments, normalizeWeek, segmentAt, toMinutes, type Week } from './week';

const week = (partial: Partial<Week>) => normalizeWeek(partial);

describe('week ↔ bar', () => {
  it('a day starts with the target of the last point before it and has a segment per point', () => {
    const w = week({
      mon: [
        { at: '22:00', target: 17 },
        { at: '06:00', target: 21 },
      ],
    });
    // Tuesday has no points: Monday's last point holds all day.
    expect(daySegments(w, 1)).toEqual([{ from: 0, to: 1440, target: 17, pointIndex: -1 }]);
    expect(daySegments(w, 0)).toEqual([
      { from: 0, to: 360, target: 17, pointIndex: -1 },
      { from: 360, to: 1320, target: 21, pointIndex: 0 },
      { from: 1320, to: 1440, target: 17, pointIndex: 1 },
    ]);
  });

  it('wraps over the week end: Monday begins with Sunday’s last target', () => {
    const w = week({ mon: [{ at: '07:00', target: 21 }], sun: [{ at: '23:00', target: 16 }] });
    expect(daySegments(w, 0)[0]).toEqual({ from: 0, to: 420, target: 16, pointIndex: -1 });
  });

  it('a point at midnight leaves nothing to carry, an empty week is the base target', () => {
    const w = week({ wed: [{ at: '00:00', target: 19 }] });
    expect(daySegments(w, 2)).toEqual([{ from: 0, to: 1440, target: 19, pointIndex: 0 }]);
    expect(daySegments(week({}), 4)).toEqual([{ from: 0, to: 1440, target: null, pointIndex: -1 }]);
  });

  it('finds the segment in force and reads wall-clock times strictly', () => {
    const w = week({ fri: [{ at: '06:00', target: 21 }] });
    expect(segmentAt(daySegments(w, 4), 359)?.target).toBe(21 /* carried from Friday itself */);
    expect(segmentAt(daySegments(w, 4), 360)?.pointIndex).toBe(0);
    expect(toMinutes('23:59')).toBe(1439);
    expect(toMinutes('24:00')).toBeNull();
    expect(toMinutes('6:00')).toBeNull();
  });
});
