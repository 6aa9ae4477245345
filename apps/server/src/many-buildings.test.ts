import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli/commands.js';
import { basic, startTestServer, type TestServer } from './test-support/test-server.js';

/**
 * Issue 37: many buildings in one database, each a house id with its own rooms (numbered per
 * building), history, alarms, audit entries and members; a user sees only the buildings they
 * hold access in.
 */
let server: TestServer;
let out: string[];
let err: string[];
const cli = (...argv: string[]) => {
  out = [];
  err = [];
  return runCli(
    argv,
    server.app.store,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    Date.now,
    { tokenKey: () => server.app.tokenKey },
  );
};
const DEMO: [string, string] = ['demo', 'demo1234'];
const BEWOHNER: [string, string] = ['bewohner', 'bewohner1234'];

/** Polls until `check` holds (a running server reads the buildings every 2 s). */
async function eventually(check: () => Promise<boolean>, ms = 6_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A GET with its own Host header (fetch cannot set one), as opened under a host name; the path
 * sent as given (fetch would resolve dot segments first).
 */
const underHost = (path: string, auth: [string, string], host?: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(server.url);
    const request = http.get(
      {
        hostname,
        port,
        path,
        headers: { authorization: basic(...auth), ...(host ? { host } : {}) },
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
  });
const temps = async (house: number, auth: [string, string] = DEMO) => {
  const response = await server.request(`/get/json/v1/${house}/temps/`, { auth });
  return { status: response.status, body: (await response.json()) as unknown };
};
const roomOf = (floors: unknown, id: number) =>
  (floors as { raeume: { id: number; name: string; solltemperatur: number }[] }[])
    .flatMap((floor) => floor.raeume)
    .find((room) => room.id === id);
const setTarget = (house: number, room: number, target: number, auth = DEMO) =>
  server.request(`/set/json/v1/${house}/soll/${room}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user: auth[0], password: auth[1], soll: String(target) }),
  });

beforeEach(async () => {
  server = await startTestServer({ config: { simSpeed: 1 } });
});
afterEach(async () => {
  await server.close();
});

describe('many buildings', () => {
  it('adds a building with the CLI that the running server serves within 5 s, rooms numbered its own', async () => {
    expect((await temps(2)).status).toBe(404);
    expect(
      await cli(
        'building',
        'add',
        '--house-id',
        '2',
        '--name',
        'Schule Nord',
        '--host-label',
        'schule-nord',
      ),
    ).toBe(0);
    expect(out.join('\n')).toMatch(/Added building 2 "Schule Nord" \(simulated, 7 rooms/);
    // The demo user holds no access there yet: the building answers as unknown.
    await eventually(async () => server.app.houses.get(2) !== undefined);
    expect((await temps(2)).status).toBe(404);
    expect(await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full')).toBe(0);
    await eventually(async () => (await temps(2)).status === 200);
    // Room 1 in both buildings, each its own: a target set in building 2 leaves building 1's.
    const before = roomOf((await temps(1)).body, 1)!.solltemperatur;
    expect((await setTarget(2, 1, before + 2)).status).toBe(200);
    expect(roomOf((await temps(2)).body, 1)!.solltemperatur).toBe(before + 2);
    expect(roomOf((await temps(1)).body, 1)!.solltemperatur).toBe(before);
    // The device API's info names the building asked for.
    const info = await server.request('/get/json/v1/2/info/', { auth: DEMO });
    expect(await info.json()).toMatchObject({ house_id: 2, name: 'Schule Nord' });
    // The audit log of each building holds its own change only.
    const audit = async (house: number) =>
      (
        (await (await server.request(`/api/audit/?house=${house}`, { auth: DEMO })).json()) as {
          entries: { action: string; room: number }[];
        }
      ).entries.filter((entry) => entry.action === 'soll');
    expect(await audit(2)).toHaveLength(1);
    expect(await audit(1)).toHaveLength(0);
  });

  it('opens the building of the host label, and answers 404 for a building the user holds no access in', async () => {
    await cli(
      'building',
      'add',
      '--house-id',
      '2',
      '--name',
      'Schule Nord',
      '--host-label',
      'schule-nord',
    );
    await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full', '--pro', 'full');
    await eventually(async () => server.app.houses.get(2) !== undefined);
    // A change in building 2; its audit log is the one of the host label schule-nord.
    expect((await setTarget(2, 3, 24)).status).toBe(200);
    const sollEntries = async (host?: string) =>
      (
        JSON.parse((await underHost('/api/audit/', DEMO, host)).body) as {
          entries: { action: string; room: number }[];
        }
      ).entries.filter((entry) => entry.action === 'soll');
    expect(await sollEntries('schule-nord.example.com')).toMatchObject([{ room: 3 }]);
    expect(await sollEntries('Schule-Nord.example.com:8080')).toMatchObject([{ room: 3 }]);
    expect(await sollEntries()).toEqual([]);
    const buildings = async (auth: [string, string]) =>
      (
        (await (await server.request('/api/buildings/', { auth })).json()) as {
          buildings: { house_id: number; name: string; host_label: string | null }[];
        }
      ).buildings.map((building) => [building.house_id, building.name, building.host_label]);
    expect(await buildings(DEMO)).toEqual([
      [1, 'Musterhaus', null],
      [2, 'Schule Nord', 'schule-nord'],
    ]);
    // bewohner holds access in building 1 only: building 2 is unknown to them, everywhere.
    expect(await buildings(BEWOHNER)).toEqual([[1, 'Musterhaus', null]]);
    // A user of building 2 only: their list is building 2, and building 1 is unknown to them.
    expect(
      await cli(
        'user',
        'add',
        'schule',
        '--email',
        'schule@example.com',
        '--password',
        'schule12345',
        '--smart',
        'full',
        '--house-id',
        '2',
      ),
    ).toBe(0);
    expect(await buildings(['schule', 'schule12345'])).toEqual([[2, 'Schule Nord', 'schule-nord']]);
    expect((await temps(1, ['schule', 'schule12345'])).status).toBe(404);
    expect((await temps(2, ['schule', 'schule12345'])).status).toBe(200);
    expect((await temps(2, BEWOHNER)).status).toBe(404);
    for (const method of ['info', 'permissions', 'rooms', 'outs', 'temps/1']) {
      const response = await server.request(`/get/json/v1/2/${method}/`, { auth: BEWOHNER });
      expect(response.status, method).toBe(404);
      expect(await response.json(), method).toMatchObject({ message: 'Unknown house id.' });
    }
    expect((await setTarget(2, 1, 22, BEWOHNER)).status).toBe(404);
    for (const path of [
      '/api/schedules/1?house=2',
      '/api/history/1?house=2',
      '/api/alarms/?house=2',
      '/api/absences/?house=2',
    ]) {
      const response = await server.request(path, { auth: BEWOHNER });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({
        error: 'not_found',
        message: 'Unknown house id.',
      });
    }
    const hosted = await underHost('/api/schedules/1', BEWOHNER, 'schule-nord.example.com');
    expect(hosted.status).toBe(404);
    // A house id that is no number is a bad request; one that does not exist is unknown.
    expect((await server.request('/api/alarms/?house=zwei', { auth: DEMO })).status).toBe(400);
    expect((await server.request('/api/alarms/?house=99', { auth: DEMO })).status).toBe(404);
    // Dot segments never climb from one building's path to another's, whatever its kind.
    const climbing = await underHost('/get/json/v1/1/%2e%2e/2/temps/', DEMO);
    expect(climbing.status).toBe(400);
    expect(JSON.parse(climbing.body)).toEqual({
      error: 'bad_request',
      message: 'The path must not contain dot segments.',
    });
    // A dot in the query is no segment.
    expect((await server.request('/get/json/v1/1/temps/?v=1.5', { auth: DEMO })).status).toBe(200);
  });

  it('lists and removes buildings, refusing the server’s own and a removal without --yes', async () => {
    await cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord');
    // The sign-in page's demo login is the server's, and stays with another building added.
    const config = await server.request('/api/app-config');
    expect(((await config.json()) as { demoLogin: unknown }).demoLogin).toMatchObject({
      username: 'demo',
    });
    expect(await cli('building', 'list')).toBe(0);
    expect(out.join('\n')).toMatch(/1\s+Musterhaus.*7 rooms \(default\)/);
    expect(out.join('\n')).toMatch(/2\s+Schule Nord\s+-\s+simulated\s+7 rooms/);
    expect(await cli('building', 'add', '--house-id', '2', '--name', 'Noch eins')).toBe(1);
    expect(err.join('\n')).toContain('building 2 exists already ("Schule Nord")');
    expect(await cli('building', 'add', '--house-id', 'zwei', '--name', 'X')).toBe(2);
    expect(
      await cli('building', 'add', '--house-id', '3', '--name', 'X', '--host-label', 'Ä-b'),
    ).toBe(2);
    expect(await cli('building', 'remove', '--house-id', '1', '--yes')).toBe(1);
    expect(err.join('\n')).toContain("server's default building");
    expect(await cli('building', 'remove', '--house-id', '2')).toBe(1);
    expect(err.join('\n')).toContain('add --yes');
    await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full');
    await eventually(async () => (await temps(2)).status === 200);
    expect(await cli('building', 'remove', '--house-id', '2', '--yes')).toBe(0);
    expect(out.join('\n')).toBe('Removed building 2 "Schule Nord" and its 7 rooms.');
    await eventually(async () => (await temps(2)).status === 404);
    // Building 1 and the demo user's access there are untouched.
    expect((await temps(1)).status).toBe(200);
    expect(await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full')).toBe(1);
    expect(err.join('\n')).toContain('there is no building 2');
    // Added again under the same house id: a new building, served and simulated afresh.
    expect(await cli('building', 'add', '--house-id', '2', '--name', 'Schule Süd')).toBe(0);
    await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full');
    await eventually(async () => (await temps(2)).status === 200);
    const again = server.app.houses.get(2)!;
    expect(again.name).toBe('Schule Süd');
    await server.app.historyOf(again).tick();
    expect((await server.app.historyOf(again).store.raw(1, 0, Date.now() + 60_000)).length).toBe(1);
    const version = again.building.version();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.app.simulate();
    expect(again.building.version()).not.toBe(version);
  });

  it('adds a building in front of a Controme server with its device account sealed, or on zigbee2mqtt', async () => {
    const add = (...more: string[]) =>
      cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord', ...more);
    expect(await add('--upstream-url', 'http://controme.local')).toBe(2);
    expect(err.join('\n')).toContain(
      '--upstream-url needs --upstream-user and --upstream-password',
    );
    expect(await add('--upstream-user', 'raumregler', '--upstream-password', 'x')).toBe(2);
    expect(err.join('\n')).toContain('go with --upstream-url');
    expect(await add('--upstream-url', 'ftp://controme.local', '--upstream-user', 'a')).toBe(2);
    expect(
      await add(
        '--upstream-url',
        'http://controme.local/',
        '--upstream-user',
        'raumregler',
        '--upstream-password',
        'Geheim-Geraet-42',
      ),
    ).toBe(0);
    expect(out.join('\n')).toContain('(Controme controme.local, rooms from the device)');
    expect(
      await cli(
        'building',
        'add',
        '--house-id',
        '3',
        '--name',
        'Kita',
        '--z2m-base-topic',
        'kita/z2m',
      ),
    ).toBe(0);
    expect(out.join('\n')).toContain('(MQTT kita/z2m, 7 rooms, 0 users)');
    // The table holds the account sealed, never the password in clear.
    const row = await server.app.sql
      .selectFrom('buildings')
      .selectAll()
      .where('house_id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(row.upstream_url).toBe('http://controme.local');
    expect(JSON.stringify(row)).not.toContain('Geheim');
    await eventually(async () => server.app.houses.get(3) !== undefined);
    expect(server.app.deviceOf(server.app.houses.get(2)!)).toEqual({
      kind: 'proxy',
      url: 'http://controme.local',
      account: { user: 'raumregler', password: 'Geheim-Geraet-42' },
    });
    expect(server.app.deviceOf(server.app.houses.get(3)!)).toEqual({
      kind: 'mqtt',
      baseTopic: 'kita/z2m',
    });
    expect(server.app.deviceOf(server.app.houses.own())).toEqual({ kind: 'simulation' });
    await cli('building', 'list');
    expect(out.join('\n')).toMatch(/2\s+Schule Nord\s+-\s+Controme controme.local\s+0 rooms/);
    expect(out.join('\n')).toMatch(/3\s+Kita\s+-\s+MQTT kita\/z2m\s+7 rooms/);
  });

  it('shows an account’s own events in each building its user holds access in, not elsewhere', async () => {
    await cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord');
    await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full', '--pro', 'full');
    await cli('user', 'access', 'bewohner', '--house-id', '2', '--smart', 'read');
    await eventually(async () => (await temps(2)).status === 200);
    // Events of no building: each account's password changed, by its user.
    for (const [user, password] of [BEWOHNER, ['techniker', 'techniker1234']]) {
      const changed = await server.request('/api/user/password', {
        method: 'POST',
        body: new URLSearchParams({
          user: user!,
          password: password!,
          new_password: `${password}-neu`,
          new_password_confirmation: `${password}-neu`,
        }),
      });
      expect(changed.status).toBe(200);
    }
    const changedIn = async (house: number) => {
      const response = await server.request(`/api/audit/?house=${house}&limit=1000`, {
        auth: DEMO,
      });
      expect(response.status).toBe(200);
      const { entries } = (await response.json()) as {
        entries: { action: string; user: string | null }[];
      };
      return entries
        .filter((entry) => entry.action === 'password-changed')
        .map((entry) => entry.user)
        .sort();
    };
    expect(await changedIn(1)).toEqual(['bewohner', 'techniker']);
    // techniker holds no access in building 2: its manager does not see that account's events.
    expect(await changedIn(2)).toEqual(['bewohner']);
  });

  it('simulates, records and keeps the history of each building apart', async () => {
    await cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord');
    await eventually(async () => server.app.houses.get(2) !== undefined);
    const second = server.app.houses.get(2)!;
    const own = server.app.houses.own();
    await server.app.historyOf(second).tick();
    const recorded = async (house: typeof own) =>
      (await server.app.historyOf(house).store.raw(1, 0, Date.now() + 60_000)).length;
    expect(await recorded(second)).toBe(1);
    expect(await recorded(own)).toBe(0);
    // The simulation steps every simulated building (SIM_SPEED 1 here).
    const version = second.building.version();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await server.app.simulate();
    expect(second.building.version()).not.toBe(version);
  });
});
