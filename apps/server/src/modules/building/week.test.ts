import { describe, expect, it } from 'vitest';
import {
  aRoom,
  LIVING_ROOM_POINTS,
  LIVING_ROOM_WEEK,
  WEEKDAYS,
  WEEKEND,
} from '../../test-support/building.js';
import type { Room } from './building.js';
import { createLocalClock } from '../../platform/clock/local-time.js';
import { toWireRoom, viewContext } from './room-view.js';
import {
  parseWeek,
  pointsOfWeek,
  sameWeek,
  unrollSchedule,
  weekOf,
  type Week,
} from './schedule.js';

const livingRoom = LIVING_ROOM_POINTS;
const demoWeek = LIVING_ROOM_WEEK;
const weekday = demoWeek.mon;
const weekend = demoWeek.sun;
const limits = { min: 5, max: 30 };
const messagesOf = (raw: unknown) => {
  const parsed = parseWeek(raw, limits);
  return parsed.ok ? {} : parsed.messages;
};
const withDay = (day: string, points: unknown) => JSON.stringify({ ...demoWeek, [day]: points });

describe('week ↔ stored programme', () => {
  it('shows every weekday, each in time order', () => {
    expect(weekOf(unrollSchedule(livingRoom))).toEqual(demoWeek);
    expect(weekOf(unrollSchedule([]))).toEqual({
      mon: [],
      tue: [],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    });
  });

  it('shows two rows at the same time of a day as the one in force (the later row)', () => {
    const week = weekOf(
      unrollSchedule([
        { id: 1, days: WEEKDAYS, at: 360, target: 21 },
        { id: 2, days: 0b1, at: 360, target: 23 },
      ]),
    );
    expect(week.mon).toEqual([{ at: '06:00', target: 23 }]);
    expect(week.tue).toEqual([{ at: '06:00', target: 21 }]);
  });

  it('stores a week as one row per time and target, with the days sharing it', () => {
    expect(pointsOfWeek(demoWeek)).toEqual([
      { days: WEEKDAYS, at: 360, target: 21 },
      { days: WEEKEND, at: 480, target: 21.5 },
      { days: WEEKDAYS, at: 1320, target: 18 },
      { days: WEEKEND, at: 1380, target: 18 },
    ]);
  });

  it('stores an edited day as its own rows, and reads the same week back', () => {
    const edited: Week = { ...demoWeek, wed: [{ at: '07:15', target: 20.5 }, weekday[1]!] };
    const rows = pointsOfWeek(edited);
    expect(rows).toContainEqual({ days: 0b0000100, at: 435, target: 20.5 });
    expect(rows).toContainEqual({ days: WEEKDAYS & ~0b100, at: 360, target: 21 });
    expect(rows).toContainEqual({ days: WEEKDAYS, at: 1320, target: 18 });
    expect(weekOf(unrollSchedule(rows.map((row, id) => ({ id, ...row }))))).toEqual(edited);
  });

  it('sees a week read back as unchanged, and any moved point or target as a change', () => {
    const parsed = parseWeek(JSON.stringify(weekOf(unrollSchedule(livingRoom))), limits);
    expect(parsed.ok && sameWeek(parsed.week, weekOf(unrollSchedule(livingRoom)))).toBe(true);
    expect(sameWeek({ ...demoWeek, sun: [{ at: '08:00', target: 21.5 }] }, demoWeek)).toBe(false);
    expect(
      sameWeek({ ...demoWeek, sun: [{ at: '08:05', target: 21.5 }, weekend[1]!] }, demoWeek),
    ).toBe(false);
    expect(
      sameWeek({ ...demoWeek, sun: [{ at: '08:00', target: 21 }, weekend[1]!] }, demoWeek),
    ).toBe(false);
  });
});

describe('parseWeek', () => {
  it('takes the JSON text or an object and sorts each day by time', () => {
    const parsed = parseWeek(
      withDay('mon', [
        { at: '22:00', target: 18 },
        { at: '00:00', target: 17.125 },
        { at: '23:55', target: 30 },
      ]),
      limits,
    );
    expect(parsed.ok && parsed.week.mon).toEqual([
      { at: '00:00', target: 17.125 },
      { at: '22:00', target: 18 },
      { at: '23:55', target: 30 },
    ]);
    expect(parseWeek({ ...demoWeek, sun: [] }, limits)).toMatchObject({ ok: true });
    // A room may have an empty week: its base target holds.
    expect(
      parseWeek({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] }, limits),
    ).toMatchObject({ ok: true });
  });

  it('refuses a missing, malformed or non-object week under `week`', () => {
    for (const raw of [undefined, '', '{"mon": [', '[]', '42', 'null', '"week"']) {
      expect(Object.keys(messagesOf(raw))).toEqual(['week']);
    }
    expect(messagesOf('{"mon": [').week![0]).toMatch(/^week must be JSON/);
    // The day is not named back: a refusal echoes nothing the client sent (issue 31).
    expect(messagesOf({ ...demoWeek, funday: [] }).week).toEqual([
      'week has unknown days; the days are mon, tue, wed, thu, fri, sat and sun.',
    ]);
  });

  it('wants every weekday as a list of at most 12 points', () => {
    const { sun: _sun, ...noSunday } = demoWeek;
    expect(messagesOf(noSunday)).toEqual({
      'week.sun': ['week.sun is missing; every weekday must be present (an empty list for none).'],
    });
    expect(Object.keys(messagesOf(withDay('tue', { at: '06:00', target: 21 })))).toEqual([
      'week.tue',
    ]);
    const twelve = Array.from({ length: 12 }, (_, i) => ({
      at: `${String(i).padStart(2, '0')}:00`,
      target: 20,
    }));
    expect(parseWeek(withDay('wed', twelve), limits).ok).toBe(true);
    expect(messagesOf(withDay('wed', [...twelve, { at: '13:00', target: 20 }]))).toEqual({
      'week.wed': ['week.wed has too many points; a day holds at most 12.'],
    });
  });

  it('names each bad time by its point', () => {
    const bad = ['24:00', '6:00', '06:60', '06:00:00', ' 06:00', 600, null];
    const messages = messagesOf(
      withDay(
        'mon',
        bad.map((at) => ({ at, target: 20 })),
      ),
    );
    expect(Object.keys(messages)).toEqual(bad.map((_, i) => `week.mon[${i}].at`));
    expect(messages['week.mon[0].at']).toEqual([
      'week.mon[0].at must be a time HH:MM from 00:00 to 23:59.',
    ]);
    expect(messagesOf(withDay('fri', [{ target: 20 }]))).toEqual({
      'week.fri[0].at': ['week.fri[0].at is required.'],
    });
  });

  it('keeps times on the 5-minute grid and one point per time of a day', () => {
    expect(messagesOf(withDay('mon', [{ at: '06:07', target: 20 }]))).toEqual({
      'week.mon[0].at': ['week.mon[0].at must be on the 5-minute grid (such as 06:00 or 06:05).'],
    });
    const twice = messagesOf(
      withDay('mon', [
        { at: '06:00', target: 20 },
        { at: '07:00', target: 20 },
        { at: '06:00', target: 21 },
      ]),
    );
    expect(twice).toEqual({
      'week.mon[2].at': [
        'week.mon[2].at is the same time as week.mon[0]; Monday has one point per time.',
      ],
    });
    // The same time on two days is fine.
    expect(parseWeek(demoWeek, limits).ok).toBe(true);
  });

  it('wants targets as numbers within the room limits on the 0.125 °C grid', () => {
    const targets = ['21', 4.875, 30.125, 21.1, Number.NaN, null, true];
    const messages = messagesOf(
      withDay(
        'tue',
        targets.map((target, i) => ({ at: `0${i}:00`, target })),
      ),
    );
    expect(messages).toEqual({
      'week.tue[0].target': ['week.tue[0].target must be a number such as 21.5.'],
      'week.tue[1].target': ['week.tue[1].target must be between 5 and 30 °C.'],
      'week.tue[2].target': ['week.tue[2].target must be between 5 and 30 °C.'],
      'week.tue[3].target': ['week.tue[3].target must be on the 0.125 °C grid (such as 21.5).'],
      'week.tue[4].target': ['week.tue[4].target must be a number such as 21.5.'],
      'week.tue[5].target': ['week.tue[5].target must be a number such as 21.5.'],
      'week.tue[6].target': ['week.tue[6].target must be a number such as 21.5.'],
    });
    expect(messagesOf(withDay('tue', [{ at: '06:00' }]))).toEqual({
      'week.tue[0].target': ['week.tue[0].target is required.'],
    });
    const tuesdayOnly = {
      mon: [],
      tue: [{ at: '06:00', target: 19.125 }],
      wed: [],
      thu: [],
      fri: [],
      sat: [],
      sun: [],
    };
    expect(parseWeek(tuesdayOnly, { min: 19, max: 20 }).ok).toBe(true);
    expect(Object.keys(messagesOf(withDay('tue', ['06:00', [6, 21]])))).toEqual([
      'week.tue[0]',
      'week.tue[1]',
    ]);
  });

  it('reports every broken rule of a week at once', () => {
    const messages = messagesOf({
      ...demoWeek,
      mon: [{ at: '06:03', target: 21 }],
      sat: [{ at: '08:00', target: 99 }],
    });
    expect(Object.keys(messages).sort()).toEqual(['week.mon[0].at', 'week.sat[0].target']);
  });
});

describe('a saved week in the room view', () => {
  const berlin = createLocalClock('Europe/Berlin');
  const room: Room = aRoom();
  const viewOf = (week: Week, utc: string) => {
    const schedule = unrollSchedule(pointsOfWeek(week).map((row, id) => ({ id, ...row })));
    const wire = toWireRoom(room, schedule, viewContext(berlin, Date.parse(utc)));
    return [wire.solltemperatur, wire.next_temperature, wire.next_due_time];
  };
  const only = (day: keyof Week, points: Week['mon']): Week => ({
    mon: [],
    tue: [],
    wed: [],
    thu: [],
    fri: [],
    sat: [],
    sun: [],
    [day]: points,
  });

  it('wraps over midnight: the day before’s last point holds until the first one', () => {
    // Monday 2026-11-23, 03:00 Berlin: Sunday's 23:00 point still holds.
    expect(viewOf(demoWeek, '2026-11-23T02:00:00Z')).toEqual([18, 21, '2026-11-23 06:00']);
    expect(viewOf(demoWeek, '2026-11-23T21:30:00Z')).toEqual([18, 21, '2026-11-24 06:00']);
  });

  it('wraps over the week end: a single Friday point holds all week', () => {
    const week = only('fri', [
      { at: '17:00', target: 22 },
      { at: '20:00', target: 17 },
    ]);
    // Tuesday: last Friday's 20:00 point is in force; the next change is this Friday 17:00.
    expect(viewOf(week, '2026-11-24T09:00:00Z')).toEqual([17, 22, '2026-11-27 17:00']);
    // Sunday night: across the week end.
    expect(viewOf(week, '2026-11-29T22:30:00Z')).toEqual([17, 22, '2026-12-04 17:00']);
  });

  it('switches at wall-clock times on the spring-forward day (the skipped hour)', () => {
    // Sunday 2026-03-29 in Berlin: 02:00 becomes 03:00. A 02:30 point takes effect at 03:00.
    const week = only('sun', [
      { at: '01:00', target: 18 },
      { at: '02:30', target: 22 },
      { at: '12:00', target: 18 },
    ]);
    expect(viewOf(week, '2026-03-29T00:30:00Z')).toEqual([18, 22, '2026-03-29 02:30']); // 01:30 CET
    expect(viewOf(week, '2026-03-29T01:00:00Z')).toEqual([22, 18, '2026-03-29 12:00']); // 03:00 CEST
    // 12:00 CEST is 10:00 UTC, one hour earlier in UTC than in winter.
    expect(viewOf(week, '2026-03-29T09:59:00Z')[0]).toBe(22);
    expect(viewOf(week, '2026-03-29T10:00:00Z')[0]).toBe(18);
  });

  it('switches once in the repeated hour of the fall-back day', () => {
    // Sunday 2026-10-25 in Berlin: 03:00 CEST becomes 02:00 CET; 02:30 occurs twice.
    const week = only('sun', [
      { at: '02:30', target: 22 },
      { at: '04:00', target: 18 },
    ]);
    expect(viewOf(week, '2026-10-25T00:15:00Z')).toEqual([18, 22, '2026-10-25 02:30']); // 02:15 CEST
    expect(viewOf(week, '2026-10-25T00:30:00Z')[0]).toBe(22); // 02:30 CEST
    expect(viewOf(week, '2026-10-25T01:15:00Z')[0]).toBe(22); // 02:15 CET, the repeated hour
    expect(viewOf(week, '2026-10-25T02:59:00Z')[0]).toBe(22); // 03:59 CET
    expect(viewOf(week, '2026-10-25T03:00:00Z')[0]).toBe(18); // 04:00 CET
  });
});
