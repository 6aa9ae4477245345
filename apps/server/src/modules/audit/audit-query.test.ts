import type { AuditResponse } from '@raumregler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../platform/auth/passwords.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';

const clock = manualClock('2026-11-25T10:00');
let server: TestServer;
const { urlencoded } = writesTo(() => server);

beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
  await server.app.repos.users.insert(
    server.app.sql,
    {
      username: 'nobody',
      email: 'nobody@example.com',
      passwordHash: await hashPassword('nobody1234'),
      firstName: '',
      lastName: '',
      accessSmart: 'no-access',
      accessPro: 'no-access',
    },
    clock.now(),
  );
  // Ten minutes of changes: demo in rooms 1 and 2, techniker (full in pro) in room 5.
  for (let minute = 0; minute < 10; minute++) {
    const [roomId, user] =
      minute % 3 === 2
        ? [5, ['techniker', 'techniker1234'] as [string, string]]
        : [1 + (minute % 2), demo];
    expect((await urlencoded(`ziel/${roomId}/`, { ziel: String(18 + minute) }, user)).status).toBe(
      200,
    );
    clock.advance(60_000);
  }
}, 60_000);
afterAll(async () => {
  await server.close();
});

const audit = (query: string, init: RequestInit & { auth?: [string, string] } = { auth: demo }) =>
  server.request(`/api/audit/${query}`, init);
const entriesOf = async (query: string) => {
  const response = await audit(query);
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries;
};

describe('GET /api/audit/: who may read it', () => {
  it('answers 401 without valid credentials and 403 without manage', async () => {
    await expectError(await audit('', {}), 401);
    await expectError(await audit('', { auth: ['demo', 'wrong-password'] }), 401);
    for (const user of [
      ['nobody', 'nobody1234'],
      ['bewohner', 'bewohner1234'],
      ['verwalter', 'verwalter1234'],
    ] as [string, string][]) {
      const body = await expectError(await audit('', { auth: user }), 403);
      expect(body.error, user[0]).toBe('forbidden');
    }
    for (const user of [demo, ['techniker', 'techniker1234'] as [string, string]]) {
      expect((await audit('', { auth: user })).status, user[0]).toBe(200);
    }
  });

  it('is ours under /api only, not at the root where the device API lives', async () => {
    expect((await server.request('/audit/', { auth: demo })).status).toBe(404);
  });
});

describe('GET /api/audit/: filters', () => {
  it('answers newest first, filtered by room, user and period', async () => {
    const all = await entriesOf('');
    expect(all).toHaveLength(10);
    expect(all.map((entry) => entry.after?.target)).toEqual([
      27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
    ]);

    expect((await entriesOf('?room=5')).map((entry) => entry.after?.target)).toEqual([26, 23, 20]);
    expect((await entriesOf('?user=TECHNIKER')).every((entry) => entry.user === 'techniker')).toBe(
      true,
    );
    expect(await entriesOf('?user=techniker&room=1')).toEqual([]);
    // from inclusive, to exclusive; with or without the offset.
    const period = await entriesOf('?from=2026-11-25T10:02:00%2B01:00&to=2026-11-25T10:05');
    expect(period.map((entry) => entry.time)).toEqual([
      '2026-11-25T10:04:00+01:00',
      '2026-11-25T10:03:00+01:00',
      '2026-11-25T10:02:00+01:00',
    ]);
  });

  it('answers at most `limit` entries, from 1 to 1000', async () => {
    expect(await entriesOf('?limit=3')).toHaveLength(3);
    expect(await entriesOf('?limit=1000')).toHaveLength(10);
    for (const limit of ['0', '1001', 'ten', '-1', '2.5']) {
      await expectError(await audit(`?limit=${limit}`), 400, 'limit');
    }
  });

  it('pages on with `before`: the entries older than that id, newest first, with the filters (issue 32)', async () => {
    const all = await entriesOf('');
    const first = await entriesOf('?limit=4');
    expect(first).toEqual(all.slice(0, 4));
    const second = await entriesOf(`?limit=4&before=${first.at(-1)!.id}`);
    expect(second).toEqual(all.slice(4, 8));
    const third = await entriesOf(`?limit=4&before=${second.at(-1)!.id}`);
    expect(third).toEqual(all.slice(8));
    expect(await entriesOf(`?before=${all.at(-1)!.id}`)).toEqual([]);
    // Combined with a filter: room 5's older entries only.
    const room5 = await entriesOf('?room=5');
    expect(await entriesOf(`?room=5&before=${room5[0]!.id}`)).toEqual(room5.slice(1));
    // And in the CSV.
    const csv = await audit(`?format=csv&before=${all[1]!.id}`);
    expect((await csv.text()).trimEnd().split('\r\n')).toHaveLength(1 + 8);
    for (const before of ['0', '-1', 'abc', '2.5', '1e3', '9999999999999999']) {
      await expectError(await audit(`?before=${before}`), 400, 'before');
    }
    await expectError(await audit('?before=1&before=2'), 400, 'before');
  });

  it('answers 400 naming a bad parameter, and 404 for an unknown room', async () => {
    await expectError(await audit('?room=wohnzimmer'), 400, 'room');
    await expectError(await audit('?from=yesterday'), 400, 'from');
    await expectError(await audit('?to=2026-02-30T10:00'), 400, 'to');
    await expectError(await audit('?from=2026-11-25T11:00&to=2026-11-25T10:00'), 400, 'to');
    await expectError(await audit('?room=1&room=2'), 400, 'room');
    await expectError(await audit('?format=xml'), 400, 'format');
    const body = await expectError(await audit('?room=999'), 404);
    expect(body.error).toBe('not_found');
  });
});

describe('GET /api/audit/: CSV', () => {
  it('answers CSV with a header row and one row per entry for ?format=csv and Accept: text/csv', async () => {
    for (const init of [
      { query: '?format=csv&room=5', headers: {} as Record<string, string> },
      { query: '?room=5', headers: { accept: 'text/csv' } },
    ]) {
      const response = await audit(init.query, { auth: demo, headers: init.headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      const lines = (await response.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'time,user,room,room_name,floor,action,before,after,duration_minutes,source',
      );
      expect(lines).toHaveLength(4);
      expect(lines[1]).toMatch(
        /^2026-11-25T10:08:00\+01:00,techniker,5,Schlafzimmer,OG,ziel,"\{""target"":.*\}","\{""target"":26,""temporary"":true,""until"":""2026-11-25T11:08:00\+01:00""\}",60,api$/,
      );
    }
  });
});
