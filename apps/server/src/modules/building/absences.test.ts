import { describe, expect, it } from 'vitest';
import { aRoom } from '../../test-support/building.js';
import type { Room } from './building.js';
import { absenceAt, parseAbsence, type AbsencePeriod } from './absences.js';
import { createLocalClock } from '../../platform/clock/local-time.js';
import { targetInForce, toWireRoom, viewContext } from './room-view.js';
import { unrollSchedule } from './schedule.js';

const berlin = createLocalClock('Europe/Berlin');
const at = (local: string) => Date.parse(`${local}+01:00`);
const room: Room = aRoom({ minTarget: 10, maxTarget: 28 });
// Every day 21 °C from 06:00, 18 °C from 22:00.
const schedule = unrollSchedule([
  { id: 1, days: 0b1111111, at: 6 * 60, target: 21 },
  { id: 2, days: 0b1111111, at: 22 * 60, target: 18 },
]);
// Christmas holidays at 16 °C, 2026-12-20 10:00 to 2026-12-27 15:00.
const holidays: AbsencePeriod = {
  id: 1,
  from: at('2026-12-20T10:00'),
  to: at('2026-12-27T15:00'),
  target: 16,
};
const view = (now: string, absences: AbsencePeriod[], row: Room = room) => {
  const wire = toWireRoom(row, schedule, viewContext(berlin, at(now)), absences);
  return {
    soll: wire.solltemperatur,
    perm: wire.perm_solltemperatur,
    next: [wire.next_temperature, wire.next_due_time],
    temporary: wire.is_temporary_mode,
  };
};

describe('an absence in the room view', () => {
  it('holds its target while it runs, and names its end with the programme’s target then', () => {
    expect(view('2026-12-22T12:00', [holidays])).toEqual({
      soll: 16,
      perm: 16,
      next: [21, '2026-12-27 15:00'],
      temporary: false,
    });
    // Ending in the night, the programme's night target follows.
    const night = { ...holidays, to: at('2026-12-27T23:00') };
    expect(view('2026-12-22T12:00', [night]).next).toEqual([18, '2026-12-27 23:00']);
  });

  it('ends by itself: from its end on the programme holds again', () => {
    expect(view('2026-12-27T14:59', [holidays]).soll).toBe(16);
    expect(view('2026-12-27T15:00', [holidays])).toEqual({
      soll: 21,
      perm: 21,
      next: [18, '2026-12-27 22:00'],
      temporary: false,
    });
  });

  it('does nothing before it starts, except being the next change when it comes first', () => {
    expect(view('2026-12-20T09:00', [holidays])).toEqual({
      soll: 21,
      perm: 21,
      next: [16, '2026-12-20 10:00'],
      temporary: false,
    });
    // The programme's switch at 22:00 comes before an absence starting the next day.
    expect(view('2026-12-19T12:00', [holidays]).next).toEqual([18, '2026-12-19 22:00']);
    expect(view('2026-12-20T10:00', [holidays]).soll).toBe(16);
  });

  it('lets a temporary target set during the absence win until it runs out', () => {
    const temporary = { ...room, temporary: { target: 23, until: at('2026-12-22T14:00') } };
    expect(view('2026-12-22T12:00', [holidays], temporary)).toEqual({
      soll: 23,
      perm: 16,
      next: [21, '2026-12-27 15:00'],
      temporary: true,
    });
    expect(view('2026-12-22T14:00', [holidays], temporary)).toMatchObject({
      soll: 16,
      temporary: false,
    });
    const context = viewContext(berlin, at('2026-12-22T12:00'));
    expect(targetInForce(temporary, schedule, context, [holidays])).toBe(23);
    expect(targetInForce(room, schedule, context, [holidays])).toBe(16);
  });

  it('lets the one that started last win where two overlap, then falls back to the other', () => {
    const weekend: AbsencePeriod = {
      id: 2,
      from: at('2026-12-24T00:00'),
      to: at('2026-12-26T00:00'),
      target: 12,
    };
    // Created first, started later: it still wins while it runs.
    const earlierCreated = { ...weekend, id: 0 };
    for (const absences of [
      [holidays, weekend],
      [earlierCreated, holidays],
    ]) {
      expect(view('2026-12-22T12:00', absences)).toMatchObject({
        soll: 16,
        next: [12, '2026-12-24 00:00'],
      });
      expect(view('2026-12-25T12:00', absences)).toMatchObject({
        soll: 12,
        next: [16, '2026-12-26 00:00'],
      });
      expect(view('2026-12-26T00:00', absences)).toMatchObject({
        soll: 16,
        next: [21, '2026-12-27 15:00'],
      });
    }
    // Same start: the later created one.
    const twin = { ...holidays, id: 7, target: 14 };
    expect(absenceAt([twin, holidays], at('2026-12-21T00:00'))?.id).toBe(7);
  });
});

describe('parseAbsence', () => {
  const rooms: Room[] = [
    room,
    { ...room, id: 2, name: 'Bad', minTarget: 15, maxTarget: 26 },
    { ...room, id: 3, name: 'Küche' },
  ];
  const now = at('2026-12-01T12:00');
  const valid = {
    name: 'Weihnachten',
    from: '2026-12-20T10:00:00',
    to: '2026-12-27T15:00:00+01:00',
    target: '16',
    rooms: '1, 3',
  };
  const parse = (fields: Record<string, unknown>) =>
    parseAbsence(fields, { now, local: berlin, rooms });
  const refused = (fields: Record<string, unknown>) => {
    const parsed = parse({ ...valid, ...fields });
    return parsed.ok ? {} : parsed.messages;
  };

  it('reads device-local times (an offset allowed), the target and the rooms', () => {
    expect(parse(valid)).toEqual({
      ok: true,
      value: {
        name: 'Weihnachten',
        from: at('2026-12-20T10:00'),
        to: at('2026-12-27T15:00'),
        target: 16,
        rooms: [1, 3],
      },
    });
    expect(parse({ ...valid, rooms: 'all', target: '16,5' })).toMatchObject({
      ok: true,
      value: { rooms: [1, 2, 3], target: 16.5 },
    });
  });

  it('names each bad field', () => {
    expect(Object.keys(refused({ name: ' ' }))).toEqual(['name']);
    expect(Object.keys(refused({ name: 'x'.repeat(101) }))).toEqual(['name']);
    expect(Object.keys(refused({ from: 'tomorrow' }))).toEqual(['from']);
    expect(Object.keys(refused({ to: '2026-02-30T10:00:00' }))).toEqual(['to']);
    expect(refused({ to: '2026-12-20T10:00:00' })).toEqual({ to: ['to must be after from.'] });
    expect(refused({ to: '2027-12-21T10:00:00' })).toEqual({
      to: ['to must be at most 365 days after from.'],
    });
    expect(refused({ from: '2026-11-01T10:00:00', to: '2026-11-30T10:00:00' })).toEqual({
      to: ['to must be in the future.'],
    });
    expect(Object.keys(refused({ target: 'warm' }))).toEqual(['target']);
    expect(refused({ rooms: '1,99,98' })).toEqual({
      rooms: ['rooms names a room that does not exist.'],
    });
    expect(Object.keys(refused({ rooms: '1;2' }))).toEqual(['rooms']);
    expect(Object.keys(refused({ rooms: '' }))).toEqual(['rooms']);
  });

  it('wants the target within the limits of every chosen room', () => {
    expect(refused({ rooms: '1,2', target: '12' })).toEqual({
      target: ['target must be between 15 and 26 °C (the limits of Bad).'],
    });
    expect(parse({ ...valid, rooms: '1,3', target: '12' }).ok).toBe(true);
    expect(Object.keys(refused({ rooms: 'all', target: '12' }))).toEqual(['target']);
  });
});
