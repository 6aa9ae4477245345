import { mkdtempSync, rmSync } from 'node:fs';
import { reread } from '../../test-support/building.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Absence, AbsenceList, EndAbsenceResult } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/database/open.js';
import {
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';
import { sqliteStore } from '../../platform/database/store.js';

// Monday 2026-11-23, 10:00 Berlin. The demo living room (1): weekdays 21 °C from 06:00, 18 °C
// from 22:00; weekends 21.5 °C from 08:00, 18 °C from 23:00. The kitchen (2): 20 °C from 06:30,
// 17 °C from 21:00 every day.
const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
const gast = GUEST;
const bewohner: [string, string] = ['bewohner', 'bewohner1234']; // read
const verwalter: [string, string] = ['verwalter', 'verwalter1234']; // write (permanent)
const techniker: [string, string] = ['techniker', 'techniker1234']; // manage (PRO full)

beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  server = await startTestServer({ now: clock.now, seed: demoSeedWithGuest() });
});
afterEach(async () => {
  await server.close();
});

const { room, multipart } = writesTo(() => server);
const holidays = {
  name: 'Weihnachten',
  from: '2026-11-23T09:00:00',
  to: '2026-11-26T18:00:00',
  target: '16',
  rooms: '1,2',
};
const create = (fields: Record<string, string>, user = demo) => {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server.request('/api/absences/', { method: 'POST', body: form });
};
const end = (id: number | string, user = demo) => {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  return server.request(`/api/absences/${id}/end`, { method: 'POST', body: form });
};
const list = async (auth = demo) =>
  ((await (await server.request('/api/absences/', { auth })).json()) as AbsenceList).absences;
const created = async (fields: Record<string, string>) => {
  const response = await create(fields);
  expect(response.status).toBe(200);
  return (await response.json()) as Absence;
};
const stored = () =>
  (server.app.store.sqlite!.prepare('SELECT count(*) AS n FROM absences').get() as { n: number }).n;

describe('absences: access', () => {
  it('lets readers list, and only managers create and end (none, read, write: 403)', async () => {
    await expectError(await server.request('/api/absences/'), 401);
    await expectError(await server.request('/api/absences/', { auth: gast }), 403);
    for (const user of [bewohner, verwalter, techniker]) {
      expect((await server.request('/api/absences/', { auth: user })).status).toBe(200);
    }
    await expectError(await create(holidays, ['demo', 'wrong']), 401);
    for (const user of [gast, bewohner, verwalter]) {
      expect((await expectError(await create(holidays, user), 403)).error).toBe('forbidden');
    }
    expect(stored()).toBe(0);
    const response = await create(holidays, techniker);
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as Absence;
    for (const user of [gast, bewohner, verwalter]) {
      await expectError(await end(id, user), 403);
    }
    expect(((await (await end(id, techniker)).json()) as EndAbsenceResult).result).toBe('ended');
  });
});

describe('absences: create and list', () => {
  it('answers and lists it with device-local times and their offset', async () => {
    const absence = await created({ ...holidays, to: '2026-11-26T18:00:00+01:00', rooms: '2, 1' });
    expect(absence).toEqual({
      id: absence.id,
      name: 'Weihnachten',
      from: '2026-11-23T09:00:00+01:00',
      to: '2026-11-26T18:00:00+01:00',
      target: 16,
      rooms: [1, 2],
      created_by: 'demo',
      state: 'running',
    });
    expect(await list(bewohner)).toEqual([absence]);
    const all = await created({
      ...holidays,
      rooms: 'all',
      from: '2027-03-28T10:00:00',
      to: '2027-04-05T10:00:00',
    });
    const roomCount = server.app.store.sqlite!.prepare('SELECT count(*) AS n FROM rooms').get() as {
      n: number;
    };
    expect(all.rooms).toHaveLength(roomCount.n);
    expect(all).toMatchObject({ from: '2027-03-28T10:00:00+02:00', state: 'future' });
  });

  it('lists current and future ones and those of the last 30 days, not older ones', async () => {
    const short = await created({ ...holidays, to: '2026-11-23T12:00:00' });
    clock.set('2026-12-23T11:59');
    expect((await list()).map((absence) => [absence.id, absence.state])).toEqual([
      [short.id, 'over'],
    ]);
    clock.set('2026-12-23T12:01');
    expect(await list()).toEqual([]);
  });

  it('refuses each broken rule with 400 naming the field, storing nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ from: 'morgen' }, 'from'],
      [{ from: '2026-11-31T10:00:00' }, 'from'],
      [{ to: '2026-11-23T09:00:00' }, 'to'],
      [{ to: '2026-11-22T09:00:00' }, 'to'],
      [{ to: '2027-11-24T09:00:00' }, 'to'],
      [{ from: '2026-11-01T00:00:00', to: '2026-11-02T00:00:00' }, 'to'],
      [{ target: 'kalt' }, 'target'],
      [{ target: '31' }, 'target'],
      [{ target: '4' }, 'target'],
      [{ rooms: '' }, 'rooms'],
      [{ rooms: '1,999' }, 'rooms'],
      [{ rooms: '1;2' }, 'rooms'],
      [{ rooms: 'Küche' }, 'rooms'],
    ];
    for (const [fields, field] of cases) {
      const body = await expectError(await create({ ...holidays, ...fields }), 400, field);
      expect(body.error, field).toBe('validation_failed');
      expect(Object.keys(body.messages!), JSON.stringify(fields)).toEqual([field]);
    }
    const { name: _name, ...noName } = holidays;
    await expectError(await create(noName), 400, 'name');
    expect(stored()).toBe(0);
    expect(await room(1)).toMatchObject({ solltemperatur: 21 });
  });

  it('takes rooms up to 16 KiB, and refuses more with 413', async () => {
    const many = Array.from({ length: 3000 }, () => '1').join(','); // ~6 KB
    expect((await created({ ...holidays, rooms: many })).rooms).toEqual([1]);
    await expectError(await create({ ...holidays, rooms: '1,'.repeat(8200) + '1' }), 413);
    await expectError(await create({ ...holidays, name: 'x'.repeat(1100) }), 413);
  });
});

describe('absences: effect on the rooms', () => {
  it('holds its target while it runs, names its end, and ends by itself', async () => {
    await created(holidays);
    for (const id of [1, 2]) {
      expect(await room(id)).toMatchObject({
        solltemperatur: 16,
        perm_solltemperatur: 16,
        next_due_time: '2026-11-26 18:00',
      });
    }
    // The schedule's targets at the end: living room 21 °C (until 22:00), kitchen 20 °C.
    expect((await room(1)).next_temperature).toBe(21);
    expect((await room(2)).next_temperature).toBe(20);
    // Rooms not named keep their programme.
    expect((await room(3)).solltemperatur).toBe(21);
    clock.set('2026-11-26T17:59');
    expect((await room(1)).solltemperatur).toBe(16);
    clock.set('2026-11-26T18:00');
    expect(await room(1)).toMatchObject({
      solltemperatur: 21,
      perm_solltemperatur: 21,
      next_temperature: 18,
      next_due_time: '2026-11-26 22:00',
    });
    expect((await list())[0]!.state).toBe('over');
  });

  it('announces a future one as the next change when it comes before the next switch', async () => {
    await created({ ...holidays, from: '2026-11-23T14:00:00' });
    expect(await room(1)).toMatchObject({
      solltemperatur: 21,
      next_temperature: 16,
      next_due_time: '2026-11-23 14:00',
    });
    clock.set('2026-11-23T14:00');
    expect((await room(1)).solltemperatur).toBe(16);
  });

  it('lets a temporary target set during the absence win until it runs out', async () => {
    await created(holidays);
    expect((await multipart('ziel/1/', { ziel: '22.5', duration: '60' })).status).toBe(200);
    expect(await room(1)).toMatchObject({
      solltemperatur: 22.5,
      perm_solltemperatur: 16,
      is_temporary_mode: true,
      next_due_time: '2026-11-26 18:00',
    });
    clock.advance(60 * 60_000);
    expect(await room(1)).toMatchObject({ solltemperatur: 16, is_temporary_mode: false });
  });

  it('lets the one that started last win where two overlap', async () => {
    const long = await created(holidays);
    await created({
      ...holidays,
      name: 'Wochenende',
      from: '2026-11-24T00:00:00',
      to: '2026-11-25T00:00:00',
      target: '12',
      rooms: '1',
    });
    expect(await room(1)).toMatchObject({ solltemperatur: 16, next_temperature: 12 });
    clock.set('2026-11-24T10:00');
    expect(await room(1)).toMatchObject({
      solltemperatur: 12,
      next_temperature: 16,
      next_due_time: '2026-11-25 00:00',
    });
    expect((await room(2)).solltemperatur).toBe(16);
    clock.set('2026-11-25T10:00');
    expect((await room(1)).solltemperatur).toBe(16);
    expect(long.id).toBeLessThan((await list())[1]!.id);
  });

  it('lets the simulation regulate to the absence target', async () => {
    await server.close();
    server = await startTestServer({ now: clock.now, config: { simSpeed: 1 } });
    await created({ ...holidays, target: '30', rooms: '1' });
    server.app.store.sqlite!.prepare('UPDATE rooms SET temperature = 25 WHERE id = 1').run();
    await reread(server.app);
    clock.advance(60_000);
    await server.app.simulate();
    const outs = (await (await server.request('/get/json/v1/1/outs/', { auth: demo })).json()) as {
      raeume: { id: number; ausgang: Record<string, number> }[];
    }[];
    const valve = outs.flatMap((floor) => floor.raeume).find((entry) => entry.id === 1)!;
    // 25 °C against the programme's 21 °C would close the valve; against 30 °C it opens.
    expect(valve.ausgang['1']).toBe(1);
  });
});

describe('absences: ending', () => {
  it('ends a running one now: the schedule holds again at once', async () => {
    const { id } = await created(holidays);
    const response = await end(id);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as EndAbsenceResult;
    expect(answer).toMatchObject({
      result: 'ended',
      absence: { id, to: '2026-11-23T10:00:00+01:00', state: 'over' },
    });
    expect(await room(1)).toMatchObject({ solltemperatur: 21, next_temperature: 18 });
    const again = await expectError(await end(id), 409);
    expect(again.error).toBe('conflict');
    expect(again.message).toMatch(/already over/);
  });

  it('deletes a future one, and answers 404 to unknown ids', async () => {
    const { id } = await created({
      ...holidays,
      from: '2026-12-01T00:00:00',
      to: '2026-12-02T00:00:00',
    });
    expect(((await (await end(id)).json()) as EndAbsenceResult).result).toBe('deleted');
    expect(await list()).toEqual([]);
    expect((await expectError(await end(id), 404)).error).toBe('not_found');
    await expectError(await end(999), 404);
    await expectError(await end('abc'), 400);
  });
});

describe('absences across a restart', () => {
  it('keeps running after a restart and ends by itself there', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-absences-'));
    const databaseFile = path.join(dir, 'raumregler.sqlite');
    try {
      await server.close();
      server = await startTestServer({ now: clock.now, config: { databaseFile } });
      await created(holidays);
      await server.close();
      const config = {
        ...loadConfig({}),
        databaseFile,
        webDist: null,
        simSpeed: 0,
        logLevel: 'silent',
      };
      const app = await buildApp({
        config,
        store: sqliteStore(openDatabase(databaseFile)),
        logger: false,
        now: clock.now,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      server = {
        app,
        url,
        request: (p, init = {}) =>
          fetch(`${url}${p}`, {
            ...init,
            headers: { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}` },
          }),
        close: () => app.close(),
      };
      expect((await room(1)).solltemperatur).toBe(16);
      clock.set('2026-11-26T18:00');
      expect((await room(1)).solltemperatur).toBe(21);
    } finally {
      await server.close();
      server = await startTestServer({ now: clock.now });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('proxy mode', () => {
  it('answers 501 edited_at_device for schedule writes and absences, reads and writes', async () => {
    await server.close();
    server = await startTestServer({
      now: clock.now,
      config: {
        upstreamUrl: 'http://127.0.0.1:9',
        upstreamUser: 'geraet',
        upstreamPassword: 'geraet-pw',
      },
    });
    // The schedule's read lists the device's own programme (device-programme.test.ts).
    for (const [method, p] of [
      ['POST', '/api/schedules/1/'],
      ['GET', '/api/absences/'],
      ['POST', '/api/absences/'],
      ['POST', '/api/absences/1/end'],
    ] as const) {
      const body = await expectError(await server.request(p, { method, auth: demo }), 501);
      expect(body.error, p).toBe('edited_at_device');
      expect(body.message).toMatch(/edited at the device/);
    }
  });
});

describe('absences in the audit log', () => {
  it('records creating, ending and deleting, each with the absence', async () => {
    const running = await created(holidays);
    const future = await created({
      ...holidays,
      from: '2026-12-01T00:00:00',
      to: '2026-12-02T00:00:00',
    });
    await expectError(await create({ ...holidays, target: '99' }), 400);
    expect((await end(running.id)).status).toBe(200);
    expect((await end(future.id)).status).toBe(200);
    const response = await server.request('/api/audit/', { auth: demo });
    const { entries } = (await response.json()) as {
      entries: { action: string; user: string; before: unknown; after: unknown }[];
    };
    // Newest first.
    expect(entries.map((entry) => entry.action)).toEqual([
      'absence-deleted',
      'absence-ended',
      'absence-created',
      'absence-created',
    ]);
    expect(entries[3]).toMatchObject({
      user: 'demo',
      before: null,
      after: { id: running.id, name: 'Weihnachten', target: 16, rooms: [1, 2] },
    });
    expect(entries[1]).toMatchObject({
      before: { to: '2026-11-26T18:00:00+01:00' },
      after: { to: '2026-11-23T10:00:00+01:00' },
    });
    expect(entries[0]).toMatchObject({ before: { id: future.id }, after: null });
  });
});
