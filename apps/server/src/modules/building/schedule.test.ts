import { describe, expect, it } from 'vitest';
import { LIVING_ROOM_POINTS } from '../../test-support/building.js';
import { createLocalClock, formatDueTime } from '../../platform/clock/local-time.js';
import { occurrenceChange, scheduleAt, unrollSchedule } from './schedule.js';

const berlin = createLocalClock('Europe/Berlin');
const wall = (local: string) => Date.parse(`${local}Z`);
const livingRoom = LIVING_ROOM_POINTS;
const programme = unrollSchedule(livingRoom);

const at = (local: string) => {
  const state = scheduleAt(programme, 19, wall(local));
  return {
    target: state.target,
    next: state.next && [state.next.target, formatDueTime(state.next.dueWall)],
  };
};

describe('scheduleAt', () => {
  it('finds the block in force during a weekday and the switch later that day', () => {
    // 2026-11-23 is a Monday.
    expect(at('2026-11-23T10:15')).toEqual({ target: 21, next: [18, '2026-11-23 22:00'] });
  });

  it('looks across midnight for the next switch', () => {
    expect(at('2026-11-27T23:30')).toEqual({ target: 18, next: [21.5, '2026-11-28 08:00'] });
  });

  it('wraps over the week end, both for the block in force and the next switch', () => {
    expect(at('2026-11-29T23:30')).toEqual({ target: 18, next: [21, '2026-11-30 06:00'] });
    // Monday before the first switch: last Sunday's 23:00 block is still in force.
    expect(at('2026-11-30T03:00')).toEqual({ target: 18, next: [21, '2026-11-30 06:00'] });
  });

  it('treats a switch at exactly now as in force', () => {
    expect(at('2026-11-23T06:00')).toEqual({ target: 21, next: [18, '2026-11-23 22:00'] });
  });

  it('skips switches that keep the same temperature', () => {
    const same = unrollSchedule([
      { id: 1, days: 0b1111111, at: 8 * 60, target: 20 },
      { id: 2, days: 0b0000001, at: 12 * 60, target: 20 },
      { id: 3, days: 0b0000010, at: 12 * 60, target: 22 },
    ]);
    const state = scheduleAt(same, 19, wall('2026-11-23T09:00'));
    expect(state.next && formatDueTime(state.next.dueWall)).toBe('2026-11-24 12:00');
  });

  it('has no next change when every switch sets the same temperature', () => {
    const flat = unrollSchedule([{ id: 1, days: 0b1111111, at: 7 * 60, target: 20 }]);
    expect(scheduleAt(flat, 19, wall('2026-11-23T09:00'))).toMatchObject({
      target: 20,
      next: null,
    });
  });

  it('uses the base target for a room without programme', () => {
    expect(scheduleAt([], 19.5, wall('2026-11-23T09:00'))).toEqual({
      target: 19.5,
      block: null,
      next: null,
    });
  });

  it('names the occurrence in force, so soll can change that one day', () => {
    const state = scheduleAt(programme, 19, wall('2026-11-24T01:00'));
    expect(state.block).toMatchObject({ pointId: 2, day: 0 });
  });
});

describe('local clock', () => {
  it('follows Berlin summer and winter time, including the spring-forward night', () => {
    const local = (utc: string) => formatDueTime(berlin.toWall(Date.parse(utc)));
    expect(local('2026-11-23T09:00:00Z')).toBe('2026-11-23 10:00');
    expect(local('2026-07-01T09:00:00Z')).toBe('2026-07-01 11:00');
    expect(local('2026-03-29T00:30:00Z')).toBe('2026-03-29 01:30');
    expect(local('2026-03-29T01:30:00Z')).toBe('2026-03-29 03:30');
    expect(local('2026-10-25T00:30:00Z')).toBe('2026-10-25 02:30');
    expect(local('2026-10-25T01:30:00Z')).toBe('2026-10-25 02:30');
  });

  it('honours other zones', () => {
    const newYork = createLocalClock('America/New_York');
    expect(formatDueTime(newYork.toWall(Date.parse('2026-11-23T09:00:00Z')))).toBe(
      '2026-11-23 04:00',
    );
  });
});

describe('occurrenceChange', () => {
  it('retargets a point that runs on that one day only', () => {
    expect(occurrenceChange({ id: 5, days: 0b0000100, at: 360, target: 21 }, 2, 19)).toEqual({
      kind: 'retarget',
      target: 19,
    });
  });

  it('splits a point shared by several days: only that day gets the new target', () => {
    expect(occurrenceChange(livingRoom[0]!, 2, 19)).toEqual({
      kind: 'split',
      remainingDays: 0b0011011,
      added: { days: 0b0000100, at: 6 * 60, target: 19 },
    });
  });
});
