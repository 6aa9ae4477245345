import type { ApiErrorBody, Room } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../../test-support/test-server.js';
import { writesTo } from '../../../test-support/writes.js';

// `until` on ziel/{roomId}/: our extension so that every room of a group action ends at the same
// instant. The test server runs in Europe/Berlin (TIME_ZONE's default).
const { clock, server } = serverPerTest('2026-11-23T10:00');

const { multipart, urlencoded, room } = writesTo(server);
const LIVING_ROOM = 1;
const KITCHEN = 2;

const temporary = async (roomId: number, fields: Record<string, string>) => {
  const response = await multipart(`ziel/${roomId}/`, fields);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Room;
};

describe('POST ziel with until', () => {
  it('ends every room at the same instant, however late each request arrives', async () => {
    await temporary(LIVING_ROOM, { ziel: '22', duration: '120', until: '2026-11-23T12:00:00' });
    clock.advance(7_000);
    const second = await urlencoded(`ziel/${KITCHEN}/`, {
      ziel: '19.5',
      duration: '120',
      until: '2026-11-23T12:00:00',
    });
    expect(second.status).toBe(200);
    const [living, kitchen] = [await room(LIVING_ROOM), await room(KITCHEN)];
    for (const entry of [living, kitchen]) {
      expect(entry).toMatchObject({
        is_temporary_mode: true,
        mode_end_datetime: '2026-11-23T12:00:00',
        remaining_time: 2 * 3600 - 7,
      });
    }
    expect([living.solltemperatur, kitchen.solltemperatur]).toEqual([22, 19.5]);
  });

  it('wins over duration, and remaining_time counts down to it', async () => {
    const updated = await temporary(LIVING_ROOM, {
      ziel: '23',
      duration: '30',
      until: '2026-11-23T12:15:00',
    });
    expect(updated).toMatchObject({
      solltemperatur: 23,
      remaining_time: 2 * 3600 + 15 * 60,
      mode_end_datetime: '2026-11-23T12:15:00',
    });
    clock.set('2026-11-23T12:14');
    expect(await room(LIVING_ROOM)).toMatchObject({ is_temporary_mode: true, remaining_time: 60 });
    clock.set('2026-11-23T12:15');
    expect(await room(LIVING_ROOM)).toMatchObject({
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
    });
  });

  it('accepts exactly 1 minute and exactly 31 days ahead; an empty until means none', async () => {
    expect(
      (await temporary(LIVING_ROOM, { ziel: '22', until: '2026-11-23T10:01:00' })).remaining_time,
    ).toBe(60);
    expect(
      (await temporary(LIVING_ROOM, { ziel: '22', until: '2026-11-24T10:00:00' })).remaining_time,
    ).toBe(24 * 3600);
    // Beyond the device's 1440 minutes: duration stays within its limits, until carries the end.
    expect(
      await temporary(LIVING_ROOM, { ziel: '22', duration: '1440', until: '2026-12-24T10:00:00' }),
    ).toMatchObject({
      remaining_time: 31 * 24 * 3600,
      mode_end_datetime: '2026-12-24T10:00:00',
    });
    expect(
      (await temporary(LIVING_ROOM, { ziel: '22', duration: '45', until: '' })).remaining_time,
    ).toBe(45 * 60);
  });

  it('refuses a bad until with 400 validation_failed naming until, writing nothing', async () => {
    const cases: [string, string][] = [
      ['tomorrow', 'until must be a local time YYYY-MM-DDTHH:MM:SS.'],
      ['2026-11-23 12:00:00', 'until must be a local time YYYY-MM-DDTHH:MM:SS.'],
      ['2026-11-23T12:00', 'until must be a local time YYYY-MM-DDTHH:MM:SS.'],
      ['2026-02-30T12:00:00', 'until must be a local time YYYY-MM-DDTHH:MM:SS.'],
      ['2026-11-23T09:00:00', 'until must be at least 1 minute ahead.'],
      ['2026-11-23T10:00:59', 'until must be at least 1 minute ahead.'],
      ['2026-12-24T10:00:01', 'until must be at most 31 days ahead.'],
      ['2027-11-23T10:00:00', 'until must be at most 31 days ahead.'],
    ];
    for (const [until, message] of cases) {
      const response = await multipart(`ziel/${LIVING_ROOM}/`, {
        ziel: '22',
        duration: '60',
        until,
      });
      expect(response.status, until).toBe(400);
      expect((await response.json()) as ApiErrorBody, until).toEqual({
        error: 'validation_failed',
        message,
        messages: { until: [message] },
      });
    }
    // The setpoint and the minutes are checked first, as a device that ignores until checks them.
    const badZiel = await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '99', until: 'tomorrow' });
    expect(Object.keys(((await badZiel.json()) as ApiErrorBody).messages ?? {})).toEqual(['ziel']);
    const badMinutes = await multipart(`ziel/${LIVING_ROOM}/`, {
      ziel: '22',
      duration: 'long',
      until: '2026-11-23T12:00:00',
    });
    expect(Object.keys(((await badMinutes.json()) as ApiErrorBody).messages ?? {})).toEqual([
      'duration',
    ]);
    expect(await room(LIVING_ROOM)).toMatchObject({ solltemperatur: 21, is_temporary_mode: false });
  });
});

describe('until days ahead, for a group', () => {
  it('holds every room of a group until Friday 18:00, and the countdown runs past 99 hours', async () => {
    const until = '2026-11-27T18:00:00'; // Friday; the clock stands on Monday 10:00
    for (const roomId of [LIVING_ROOM, KITCHEN]) {
      await temporary(roomId, { ziel: '19', duration: '1440', until });
    }
    clock.set('2026-11-23T10:00:50');
    for (const roomId of [LIVING_ROOM, KITCHEN]) {
      expect(await room(roomId)).toMatchObject({
        solltemperatur: 19,
        is_temporary_mode: true,
        mode_end_datetime: until,
        remaining_time: 4 * 24 * 3600 + 8 * 3600 - 50,
      });
    }
    // After a day, the target is still in force (a duration would have run out by now).
    clock.set('2026-11-26T17:59');
    expect(await room(KITCHEN)).toMatchObject({
      solltemperatur: 19,
      remaining_time: 24 * 3600 + 60,
    });
  });
});

describe('until across the summer-time changes (Europe/Berlin)', () => {
  it('refuses a wall time the clocks skip in March and counts real time across the gap', async () => {
    clock.set('2026-03-29T00:30'); // CET; at 02:00 the clocks jump to 03:00 CEST
    const skipped = await multipart(`ziel/${LIVING_ROOM}/`, {
      ziel: '22',
      until: '2026-03-29T02:30:00',
    });
    expect(skipped.status).toBe(400);
    expect(((await skipped.json()) as ApiErrorBody).messages).toEqual({
      until: ['until does not exist in Europe/Berlin (the clocks skip it for summer time).'],
    });
    const updated = await temporary(LIVING_ROOM, { ziel: '22', until: '2026-03-29T03:30:00' });
    // 00:30 CET to 03:30 CEST is two real hours.
    expect(updated).toMatchObject({
      remaining_time: 2 * 3600,
      mode_end_datetime: '2026-03-29T03:30:00',
    });
  });

  it('takes the first of the two 02:30s in October', async () => {
    clock.set('2026-10-24T23:00'); // CEST; at 03:00 the clocks go back to 02:00 CET
    const updated = await temporary(LIVING_ROOM, { ziel: '22', until: '2026-10-25T02:30:00' });
    // 23:00 CEST to the first 02:30 (still CEST) is 3.5 real hours; the second would be 4.5.
    expect(updated).toMatchObject({
      remaining_time: 3.5 * 3600,
      mode_end_datetime: '2026-10-25T02:30:00',
    });
  });
});
