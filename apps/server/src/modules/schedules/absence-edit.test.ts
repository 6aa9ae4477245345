import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Absence, AbsenceList } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  demoSeedWithGuest,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';

// Issue 32: `POST /api/absences/{id}/` changes an absence with the fields that create one.
// Monday 2026-11-23, 10:00 Berlin; the demo living room (1) runs 21 °C until 22:00.
const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
const verwalter: [string, string] = ['verwalter', 'verwalter1234']; // write, not manage

beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  server = await startTestServer({ now: clock.now, seed: demoSeedWithGuest() });
});
afterEach(async () => {
  await server.close();
});

const { room } = writesTo(() => server);
const holidays = {
  name: 'Weihnachten',
  from: '2026-11-23T09:00:00',
  to: '2026-11-26T18:00:00',
  target: '16',
  rooms: '1,2',
};
const post = (url: string, fields: Record<string, string>, user = demo) => {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server.request(url, { method: 'POST', body: form });
};
const create = async (fields = holidays) => {
  const response = await post('/api/absences/', fields);
  expect(response.status).toBe(200);
  return (await response.json()) as Absence;
};
const edit = (id: number | string, fields: Record<string, string>, user = demo) =>
  post(`/api/absences/${id}/`, fields, user);
const list = async () =>
  ((await (await server.request('/api/absences/', { auth: demo })).json()) as AbsenceList).absences;

describe('POST /api/absences/{id}/', () => {
  it('replaces name, period, target and rooms, answers the absence, and the rooms follow at once', async () => {
    const absence = await create();
    const response = await edit(absence.id, {
      name: 'Winterferien',
      from: '2026-11-23T09:00:00',
      to: '2027-01-06T18:00:00',
      target: '15,5',
      rooms: '2,3',
    });
    expect(response.status).toBe(200);
    const edited = (await response.json()) as Absence;
    expect(edited).toEqual({
      id: absence.id,
      name: 'Winterferien',
      from: '2026-11-23T09:00:00+01:00',
      to: '2027-01-06T18:00:00+01:00',
      target: 15.5,
      rooms: [2, 3],
      created_by: 'demo',
      state: 'running',
    });
    expect(await list()).toEqual([edited]);
    // Room 1 left the absence, room 3 joined it; the room names its end.
    expect(await room(1)).toMatchObject({ solltemperatur: 21, absent_until: null });
    expect(await room(3)).toMatchObject({
      solltemperatur: 15.5,
      absent_until: '2027-01-06T18:00:00',
      next_due_time: '2027-01-06 18:00',
    });
  });

  it('answers 404 to an unknown id and 400 to an id that is no number, changing nothing', async () => {
    const absence = await create();
    expect((await expectError(await edit(absence.id + 1, holidays), 404)).error).toBe('not_found');
    await expectError(await edit('x1', holidays), 400);
    expect(await list()).toEqual([absence]);
  });

  it('refuses bad fields with 400 naming them, never a 500, and keeps the absence as it was', async () => {
    const absence = await create();
    const cases: [Record<string, string>, string][] = [
      [{ name: '' }, 'name'],
      [{ from: 'morgen' }, 'from'],
      [{ to: '2026-11-22T09:00:00' }, 'to'],
      [{ to: '2026-11-23T08:00:00' }, 'to'],
      [{ target: 'kalt' }, 'target'],
      [{ target: '40' }, 'target'],
      [{ rooms: '' }, 'rooms'],
      [{ rooms: '1,999' }, 'rooms'],
      [{ rooms: '\u0000' }, 'rooms'],
    ];
    for (const [fields, field] of cases) {
      const body = await expectError(await edit(absence.id, { ...holidays, ...fields }), 400);
      expect(body.error, field).toBe('validation_failed');
      expect(Object.keys(body.messages!), JSON.stringify(fields)).toEqual([field]);
    }
    const { name: _name, ...noName } = holidays;
    await expectError(await edit(absence.id, noName), 400, 'name');
    expect((await edit(absence.id, {})).status).toBe(400);
    expect(await list()).toEqual([absence]);
  });

  it('takes managers only: 401 without a valid password, 403 for a writer', async () => {
    const absence = await create();
    await expectError(await edit(absence.id, holidays, ['demo', 'wrong']), 401);
    expect((await expectError(await edit(absence.id, holidays, verwalter), 403)).error).toBe(
      'forbidden',
    );
  });

  it('is in the audit log with the absence before and after', async () => {
    const absence = await create();
    expect((await edit(absence.id, { ...holidays, target: '17' })).status).toBe(200);
    await expectError(await edit(absence.id, { ...holidays, target: '99' }), 400);
    const { entries } = (await (await server.request('/api/audit/', { auth: demo })).json()) as {
      entries: { action: string; user: string; before: unknown; after: unknown }[];
    };
    expect(entries.map((entry) => entry.action)).toEqual(['absence-edited', 'absence-created']);
    expect(entries[0]).toMatchObject({
      user: 'demo',
      before: { id: absence.id, target: 16 },
      after: { id: absence.id, target: 17, rooms: [1, 2] },
    });
  });

  it('is on disk before the answer: a new server on the same file has the change', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-absence-edit-'));
    const databaseFile = path.join(dir, 'raumregler.sqlite');
    try {
      await server.close();
      server = await startTestServer({ now: clock.now, config: { databaseFile } });
      const absence = await create();
      expect((await edit(absence.id, { ...holidays, name: 'Geändert' })).status).toBe(200);
      await server.close();
      server = await startTestServer({ now: clock.now, config: { databaseFile } });
      expect((await list()).map((entry) => entry.name)).toEqual(['Geändert']);
    } finally {
      await server.close();
      server = await startTestServer({ now: clock.now });
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
