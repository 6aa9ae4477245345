import type { RoomSchedule, Week } from '@raumregler/contract';
import { reread } from '../../test-support/building.js';
import { describe, expect, it } from 'vitest';
import { LIVING_ROOM_WEEK } from '../../test-support/building.js';
import { demoSeedWithGuest, GUEST, serverPerTest } from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';

// Monday 2026-11-23, 10:00 Berlin.
const { clock, server } = serverPerTest('2026-11-23T10:00', { seed: demoSeedWithGuest() });
const gast = GUEST;
const bewohner: [string, string] = ['bewohner', 'bewohner1234']; // read
const verwalter: [string, string] = ['verwalter', 'verwalter1234']; // write (permanent)
const techniker: [string, string] = ['techniker', 'techniker1234']; // manage (PRO full)

const LIVING_ROOM = 1;
const { room } = writesTo(server);

const demoWeek = LIVING_ROOM_WEEK;
const weekday = demoWeek.mon;

const read = (roomId: number | string = LIVING_ROOM, auth: [string, string] | null = demo) =>
  server().request(`/api/schedules/${roomId}/`, auth ? { auth } : {});
const save = (week: unknown, roomId: number | string = LIVING_ROOM, user = demo) => {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  if (week !== undefined) form.set('week', typeof week === 'string' ? week : JSON.stringify(week));
  return server().request(`/api/schedules/${roomId}/`, { method: 'POST', body: form });
};
const weekNow = async () => ((await (await read()).json()) as RoomSchedule).week;

describe('GET /api/schedules/{roomId}/', () => {
  it('shows the week: every weekday, points in time order, wall-clock times', async () => {
    const response = await read();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      room: LIVING_ROOM,
      // Issue 33: our server keeps the week and edits it (a real device behind: 'device').
      source: 'server',
      editable: true,
      week: demoWeek,
      min_target: 5,
      max_target: 30,
    });
    // A room without programme has an empty week (its base target holds).
    expect(await (await read(4)).json()).toMatchObject({
      room: 4,
      week: { mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
    });
  });

  it('answers 401, 403, 404 and 400 as elsewhere', async () => {
    await expectError(await read(LIVING_ROOM, null), 401);
    await expectError(await read(LIVING_ROOM, ['demo', 'wrong']), 401);
    expect((await expectError(await read(LIVING_ROOM, gast), 403)).error).toBe('forbidden');
    for (const user of [bewohner, verwalter, techniker]) {
      expect((await read(LIVING_ROOM, user)).status).toBe(200);
    }
    expect((await expectError(await read(999), 404)).error).toBe('not_found');
    await expectError(await read('abc'), 400);
  });

  it('exists under /api only', async () => {
    expect((await server().request(`/schedules/${LIVING_ROOM}/`, { auth: demo })).status).toBe(404);
  });
});

describe('POST /api/schedules/{roomId}/', () => {
  const edited: Week = {
    ...demoWeek,
    mon: [
      { at: '05:30', target: 20.5 },
      { at: '21:00', target: 17 },
    ],
  };

  it('lets only managers save (none, read-only, write: 403; full in one area: 200)', async () => {
    await expectError(await save(edited, LIVING_ROOM, ['demo', 'wrong']), 401);
    for (const user of [gast, bewohner, verwalter]) {
      expect((await expectError(await save(edited, LIVING_ROOM, user), 403)).error).toBe(
        'forbidden',
      );
    }
    expect(await weekNow()).toEqual(demoWeek);
    const response = await save(edited, LIVING_ROOM, techniker);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ room: LIVING_ROOM, week: edited });
    expect(await weekNow()).toEqual(edited);
  });

  it('stores an edited day as its own rows, the other days keep sharing theirs', async () => {
    expect((await save(edited)).status).toBe(200);
    const stored = server()
      .app.store.sqlite!.prepare(
        'SELECT days, at, target FROM schedule_points WHERE room_id = ? ORDER BY at, days',
      )
      .all(LIVING_ROOM);
    // Monday got its own rows; Tuesday–Friday keep sharing theirs.
    expect(stored).toContainEqual({ days: 0b1, at: 330, target: 20.5 });
    expect(stored).toContainEqual({ days: 0b11110, at: 360, target: 21 });
  });

  it('changes nothing when a week read back is saved unchanged', async () => {
    const before = server()
      .app.store.sqlite!.prepare('SELECT * FROM schedule_points ORDER BY id')
      .all();
    const response = await save(await weekNow());
    expect(response.status).toBe(200);
    expect(
      server().app.store.sqlite!.prepare('SELECT * FROM schedule_points ORDER BY id').all(),
    ).toEqual(before);
  });

  it('takes urlencoded bodies too (the week up to 16 KiB)', async () => {
    // Far above the 1 KiB of other fields: JSON may carry white space.
    const body = new URLSearchParams({ week: `${' '.repeat(15_000)}${JSON.stringify(edited)}` });
    const saved = await server().request(`/api/schedules/${LIVING_ROOM}/`, {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    });
    expect(saved.status).toBe(200);
    expect(await weekNow()).toEqual(edited);
  });

  it('makes next_temperature, next_due_time and the target in force follow at once', async () => {
    // Monday 10:00: demo week says 21 °C now, 18 °C at 22:00.
    expect(await room(LIVING_ROOM)).toMatchObject({
      solltemperatur: 21,
      perm_solltemperatur: 21,
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
    });
    const week = {
      ...demoWeek,
      mon: [
        { at: '09:00', target: 19.5 },
        { at: '12:30', target: 22 },
      ],
    };
    expect((await save(week)).status).toBe(200);
    // The same second: the temps answer cache must not hand out the old programme.
    expect(await room(LIVING_ROOM)).toMatchObject({
      solltemperatur: 19.5,
      perm_solltemperatur: 19.5,
      next_temperature: 22,
      next_due_time: '2026-11-23 12:30',
    });
    const [one] = (await (
      await server().request(`/api/get/json/v1/1/temps/${LIVING_ROOM}/`, { auth: demo })
    ).json()) as { solltemperatur: number }[];
    expect(one!.solltemperatur).toBe(19.5);
  });

  it('keeps a running temporary target running', async () => {
    const { multipart } = writesTo(server);
    expect((await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '23', duration: '120' })).status).toBe(
      200,
    );
    expect((await save({ ...demoWeek, mon: [{ at: '09:00', target: 19 }] })).status).toBe(200);
    expect(await room(LIVING_ROOM)).toMatchObject({
      solltemperatur: 23,
      perm_solltemperatur: 19,
      is_temporary_mode: true,
      remaining_time: 7200,
    });
    clock.advance(2 * 3_600_000);
    expect(await room(LIVING_ROOM)).toMatchObject({ solltemperatur: 19, is_temporary_mode: false });
  });

  it('refuses bad input with 400 validation_failed naming the point, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [undefined, 'week'],
      ['{"mon": [', 'week'],
      ['[1, 2]', 'week'],
      [{ ...demoWeek, tue: 'none' }, 'week.tue'],
      [{ ...demoWeek, sun: undefined }, 'week.sun'],
      [{ ...demoWeek, mon: [{ at: '6:00', target: 21 }] }, 'week.mon[0].at'],
      [{ ...demoWeek, mon: [{ at: '24:00', target: 21 }] }, 'week.mon[0].at'],
      [{ ...demoWeek, mon: [{ at: '06:02', target: 21 }] }, 'week.mon[0].at'],
      [{ ...demoWeek, mon: [...weekday, { at: '06:00', target: 19 }] }, 'week.mon[2].at'],
      [{ ...demoWeek, tue: [{ at: '06:00', target: '21' }] }, 'week.tue[0].target'],
      [{ ...demoWeek, tue: [{ at: '06:00', target: 30.5 }] }, 'week.tue[0].target'],
      [{ ...demoWeek, tue: [{ at: '06:00', target: 21.1 }] }, 'week.tue[0].target'],
      [
        {
          ...demoWeek,
          wed: Array.from({ length: 13 }, (_, i) => ({ at: `${10 + i}:00`, target: 20 })),
        },
        'week.wed',
      ],
    ];
    const before = server()
      .app.store.sqlite!.prepare('SELECT * FROM schedule_points ORDER BY id')
      .all();
    for (const [week, key] of cases) {
      const body = await expectError(await save(week), 400, key);
      expect(body.error, key).toBe('validation_failed');
      expect(Object.keys(body.messages!), key).toEqual([key]);
      expect(body.message, key).toBe(body.messages![key]![0]);
    }
    expect(
      server().app.store.sqlite!.prepare('SELECT * FROM schedule_points ORDER BY id').all(),
    ).toEqual(before);
  });

  it('keeps targets within the room’s own limits, which the read names', async () => {
    server()
      .app.store.sqlite!.prepare('UPDATE rooms SET min_target = 16, max_target = 24 WHERE id = ?')
      .run(LIVING_ROOM);
    await reread(server().app);
    expect(await (await read()).json()).toMatchObject({ min_target: 16, max_target: 24 });
    const body = await expectError(
      await save({ ...demoWeek, sat: [{ at: '08:00', target: 24.5 }] }),
      400,
      'week.sat[0].target',
    );
    expect(body.messages!['week.sat[0].target']).toEqual([
      'week.sat[0].target must be between 16 and 24 °C.',
    ]);
    expect((await save({ ...demoWeek, sat: [{ at: '08:00', target: 24 }] })).status).toBe(200);
  });

  it('answers 404 to an unknown room and 413 to a week over 16 KiB', async () => {
    expect((await expectError(await save(demoWeek, 999), 404)).error).toBe('not_found');
    const padded = JSON.stringify(demoWeek).replace('{', `{"pad": "${'x'.repeat(16 * 1024)}",`);
    expect((await expectError(await save(padded), 413)).error).toBe('payload_too_large');
    // Just under the limit passes the body limits and is judged by the rules.
    const under = JSON.stringify(demoWeek).replace('{', `{"pad": "${'x'.repeat(15 * 1024)}",`);
    await expectError(await save(under), 400, 'week');
    // The other fields keep their 1 KiB limit.
    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'x'.repeat(2000));
    form.set('week', JSON.stringify(demoWeek));
    await expectError(
      await server().request(`/api/schedules/${LIVING_ROOM}/`, { method: 'POST', body: form }),
      413,
    );
  });
});

describe('audit log', () => {
  const entries = async () =>
    (
      (await (await server().request('/api/audit/', { auth: demo })).json()) as {
        entries: { action: string; user: string; room: number; before: unknown; after: unknown }[];
      }
    ).entries;

  it('records a save as one entry with the week before and after; refused or unchanged ones none', async () => {
    await expectError(await save({ ...demoWeek, mon: [{ at: '25:00', target: 20 }] }), 400);
    expect((await save(demoWeek)).status).toBe(200);
    expect(await entries()).toEqual([]);
    const after = { ...demoWeek, sun: [{ at: '09:00', target: 20 }] };
    expect((await save(after)).status).toBe(200);
    expect(await entries()).toMatchObject([
      {
        action: 'schedule-saved',
        user: 'demo',
        room: LIVING_ROOM,
        before: { week: demoWeek },
        after: { week: after },
      },
    ]);
  });
});
