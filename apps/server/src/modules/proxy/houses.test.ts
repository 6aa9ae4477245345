import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AlarmList, BuildingList, HistoryAnswer } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import type { Config } from '../../config.js';
import {
  DEVICE_PASSWORD,
  DEVICE_USER,
  fakeControme,
  type FakeControme,
} from '../../test-support/fake-controme.js';
import {
  basic,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';

/**
 * Issue 37: proxy mode per building. Building 1 is simulated; building 2, added with the CLI,
 * is in front of a Controme device with its own account. One server answers both, each as its
 * building is.
 */
let server: TestServer;
let device: FakeControme;
let clock: ReturnType<typeof manualClock>;
const logged: string[] = [];
const DEMO: [string, string] = ['demo', 'demo1234'];
const BEWOHNER: [string, string] = ['bewohner', 'bewohner1234'];
const MINUTE = 60_000;

const cli = (tokenKey: () => Buffer, ...argv: string[]) =>
  runCli(argv, server.app.store, { out: () => undefined, err: () => undefined }, Date.now, {
    tokenKey,
  });

/** Polls until `check` holds (a running server reads the buildings table every second). */
async function eventually(check: () => boolean | Promise<boolean>, ms = 6_000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** `building add` of house 2 in front of the fake device, sealed under `tokenKey`. */
/** The demo user manages building 2 too. */
const demoManagesBuilding2 = () =>
  cli(
    () => server.app.tokenKey,
    'user',
    'access',
    'demo',
    '--house-id',
    '2',
    '--smart',
    'full',
    '--pro',
    'full',
  );

async function addBuilding(tokenKey: () => Buffer = () => server.app.tokenKey) {
  const added = await cli(
    tokenKey,
    'building',
    'add',
    '--house-id',
    '2',
    '--name',
    'Schule Nord',
    '--upstream-url',
    device.url,
    '--upstream-user',
    DEVICE_USER,
    '--upstream-password',
    DEVICE_PASSWORD,
  );
  expect(added).toBe(0);
  await eventually(() => server.app.houses.get(2) !== undefined);
}

const deviceSeen = () => device.seen.map((seen) => `${seen.method} ${seen.url}`);
const poll2 = () => server.app.upstreamOf(server.app.houses.get(2)!).poll();

const start = async (config: Partial<Config> = {}) => {
  server = await startTestServer({
    now: clock.now,
    // A poll every 2 s (the history interval): a building's background poll is seen in a test.
    config: { historyIntervalSeconds: 2, logLevel: 'info', ...config },
    readBackRetryMs: 20,
    logStream: { write: (line) => void logged.push(line) },
  });
};

beforeEach(async () => {
  logged.length = 0;
  device = await fakeControme({ houseId: 2 });
  clock = manualClock('2026-11-23T10:00');
  await start();
});
afterEach(async () => {
  for (const line of logged) expect(line).not.toContain(DEVICE_PASSWORD);
  await server.close();
  await device.app.close();
});

describe('proxy mode per building (issue 37)', () => {
  it('forwards building 2’s reads and writes to its device with its account; building 1 stays simulated', async () => {
    await addBuilding();
    expect(await demoManagesBuilding2()).toBe(0);

    const temps2 = await server.request('/get/json/v1/2/temps/', { auth: DEMO });
    expect(temps2.status).toBe(200);
    const floors = (await temps2.json()) as { raeume: { name: string }[] }[];
    expect(floors.flatMap((floor) => floor.raeume.map((room) => room.name))).toEqual([
      'Wohnzimmer',
      'Bad',
    ]);
    const write = await server.request('/api/set/json/v1/2/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: '20.5' }),
    });
    expect(write.status).toBe(200);
    expect(device.rooms.get(1)!.perm_solltemperatur).toBe(20.5);

    const read = device.seen.find((seen) => seen.url === '/get/json/v1/2/temps/')!;
    expect(read.headers.authorization).toBe(basic(DEVICE_USER, DEVICE_PASSWORD));
    const posted = device.seen.find((seen) => seen.method === 'POST')!;
    expect(posted.url).toBe('/set/json/v1/2/soll/1/');
    const form = new URLSearchParams(posted.body);
    expect([form.get('user'), form.get('password'), form.get('soll')]).toEqual([
      DEVICE_USER,
      DEVICE_PASSWORD,
      '20.5',
    ]);
    // The caller's credentials never reach the device.
    for (const seen of device.seen) {
      expect(JSON.stringify(seen)).not.toContain(DEMO[1]);
      expect(seen.headers.authorization).not.toBe(basic(...DEMO));
    }

    // A large answer of the device goes out compressed to a client that takes gzip.
    for (let id = 3; id <= 40; id++) {
      device.rooms.set(id, { id, name: `Raum ${id}`, solltemperatur: 20, perm_solltemperatur: 20 });
    }
    const large = await server.request('/api/get/json/v1/2/temps/', {
      auth: DEMO,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(large.status).toBe(200);
    expect(large.headers.get('content-encoding')).toBe('gzip');
    const largeFloors = (await large.json()) as { raeume: unknown[] }[];
    expect(largeFloors[0]!.raeume).toHaveLength(40);

    // Building 1: our simulated rooms, the device never asked.
    const before = device.seen.length;
    const temps1 = await server.request('/get/json/v1/1/temps/', { auth: DEMO });
    expect(temps1.status).toBe(200);
    const names1 = ((await temps1.json()) as { raeume: { name: string }[] }[]).flatMap((floor) =>
      floor.raeume.map((room) => room.name),
    );
    expect(names1).not.toContain('Bad');
    expect(names1.length).toBeGreaterThan(2);
    const write1 = await server.request('/set/json/v1/1/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: '19' }),
    });
    expect(write1.status).toBe(200);
    expect(device.seen.length).toBe(before);
    expect(device.rooms.get(1)!.perm_solltemperatur).toBe(20.5);

    // Each write is in its own building's audit log (room 1 of either).
    const room1ChangesIn = async (house: number) => {
      const response = await server.request(`/api/audit/?house=${house}&limit=100`, {
        auth: DEMO,
      });
      const { entries } = (await response.json()) as {
        entries: { room: number | null; after: unknown }[];
      };
      return entries
        .filter((entry) => entry.room === 1)
        .map((entry) => JSON.stringify(entry.after))
        .join(' ');
    };
    await expect.poll(() => room1ChangesIn(2)).toContain('20.5');
    expect(await room1ChangesIn(2)).not.toContain('19');
    expect(await room1ChangesIn(1)).toContain('19');
    expect(await room1ChangesIn(1)).not.toContain('20.5');

    // Schedules and absences: building 2's are its device's (read from it, edited there).
    const schedule2 = await server.request('/api/schedules/1?house=2', { auth: DEMO });
    // The fake device has no heizprogramm/: it was asked, and its failure is a 502.
    expect(schedule2.status).toBe(502);
    expect(deviceSeen()).toContain('GET /get/json/v1/2/heizprogramm/');
    const schedule1 = await server.request('/api/schedules/1?house=1', { auth: DEMO });
    expect(schedule1.status).toBe(200);
    expect(await schedule1.json()).toMatchObject({ source: 'server', editable: true });
    const absences = async (house: number) =>
      (await server.request(`/api/absences/?house=${house}`, { auth: DEMO })).status;
    expect([await absences(1), await absences(2)]).toEqual([200, 501]);

    // The app's settings say what each building is.
    const mode = async (house: number) =>
      (
        (await (await server.request(`/api/app-config?house=${house}`)).json()) as {
          deviceMode: string;
        }
      ).deviceMode;
    expect([await mode(1), await mode(2)]).toEqual(['simulation', 'proxy']);
  });

  it('answers 404 in building 2 to a user without access there, and forwards nothing', async () => {
    await addBuilding();
    expect((await server.request('/get/json/v1/1/temps/', { auth: BEWOHNER })).status).toBe(200);
    for (const path of [
      '/get/json/v1/2/temps/',
      '/get/json/v1/2/temps/1/',
      '/get/json/v1/2/info/',
    ]) {
      const response = await server.request(path, { auth: BEWOHNER });
      expect(response.status, path).toBe(404);
    }
    const write = await server.request('/set/json/v1/2/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: BEWOHNER[0], password: BEWOHNER[1], soll: '25' }),
    });
    expect(write.status).toBe(404);
    // Only the building's own poll (if it came meanwhile) reached the device.
    const polls = /^GET \/get\/json\/v1\/2\/(temps|outs)\/$/;
    expect(deviceSeen().filter((line) => !polls.test(line))).toEqual([]);
    expect(device.rooms.get(1)!.perm_solltemperatur).toBe(21);
  });

  it('polls building 2’s device: its rooms, history and device-offline alarm are building 2’s only; removed, the poll stops', async () => {
    await addBuilding();
    await demoManagesBuilding2();
    // Its background poll starts by itself (every 2 s here) …
    await eventually(() => deviceSeen().includes('GET /get/json/v1/2/temps/'));
    // … and our rooms follow the device's (rights and limits know them by id) …
    await eventually(
      () =>
        server.app.houses
          .get(2)!
          .building.listRooms()
          .map((room) => room.name)
          .join() === 'Wohnzimmer,Bad',
    );
    // History: one sample per poll and interval, under building 2.
    await poll2();
    clock.advance(2_000);
    await poll2();
    // … and the buildings' overview counts the device's rooms for building 2.
    const buildings = (
      (await (await server.request('/api/buildings/', { auth: DEMO })).json()) as BuildingList
    ).buildings;
    expect(buildings.find((building) => building.house_id === 2)).toMatchObject({
      name: 'Schule Nord',
      rooms: 2,
    });
    const history = async (house: number) => {
      const response = await server.request(`/api/history/2?house=${house}`, { auth: DEMO });
      return { status: response.status, body: (await response.json()) as HistoryAnswer };
    };
    const fromDevice = await history(2);
    expect(fromDevice.status).toBe(200);
    expect(fromDevice.body.samples.length).toBeGreaterThan(0);
    expect(fromDevice.body.samples.at(-1)).toMatchObject({ target: 22 });

    // The device goes away: after ALARM_DEVICE_MINUTES, building 2's device-offline alarm.
    const alarms = async (house: number) => {
      const response = await server.request(`/api/alarms/?state=open&house=${house}`, {
        auth: DEMO,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as AlarmList).alarms;
    };
    device.state.refuse = true;
    await poll2();
    clock.advance(server.app.config.alarms.deviceMinutes * MINUTE);
    await poll2();
    expect((await alarms(2)).map((alarm) => alarm.kind)).toEqual(['device-offline']);
    expect((await alarms(1)).filter((alarm) => alarm.kind === 'device-offline')).toEqual([]);
    // Back: cleared.
    device.state.refuse = false;
    clock.advance(2_000);
    await poll2();
    expect(await alarms(2)).toEqual([]);

    // Removed: its poll stops (nothing reaches the device any more).
    expect(
      await cli(() => server.app.tokenKey, 'building', 'remove', '--house-id', '2', '--yes'),
    ).toBe(0);
    await eventually(() => server.app.houses.get(2) === undefined);
    const seen = device.seen.length;
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    expect(device.seen.length).toBe(seen);
    expect((await server.request('/get/json/v1/2/temps/', { auth: DEMO })).status).toBe(404);
  });

  it('answers 503 naming the fix when building 2’s stored account does not open; building 1 goes on', async () => {
    const otherKey = randomBytes(32);
    await addBuilding(() => otherKey);
    await demoManagesBuilding2();
    for (const path of ['/get/json/v1/2/temps/', '/api/get/json/v1/2/info/']) {
      const response = await server.request(path, { auth: DEMO });
      expect(response.status, path).toBe(503);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('upstream_unavailable');
      expect(body.message).toContain('TOKEN_SECRET');
      expect(body.message).toContain('building add');
    }
    const write = await server.request('/set/json/v1/2/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: '20' }),
    });
    expect(write.status).toBe(503);
    expect((await server.request('/get/json/v1/1/temps/', { auth: DEMO })).status).toBe(200);
    // No poll, no request: the device hears nothing; the log says it once.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(device.seen).toEqual([]);
    expect(logged.filter((line) => line.includes('does not open')).length).toBe(1);
  });

  it('serves a simulated building 2 beside the server’s own in front of a device (UPSTREAM_URL)', async () => {
    await server.close();
    await device.app.close();
    device = await fakeControme({ houseId: 1 });
    await start({
      upstreamUrl: device.url,
      upstreamUser: DEVICE_USER,
      upstreamPassword: DEVICE_PASSWORD,
    });
    const own = await server.request('/get/json/v1/1/temps/', { auth: DEMO });
    expect(own.status).toBe(200);
    expect(deviceSeen()).toContain('GET /get/json/v1/1/temps/');

    const seed = {
      building: { name: 'Schule Süd' },
      users: [],
      floors: [
        {
          id: 1,
          name: 'EG',
          rooms: [
            { id: 1, name: 'Aula', temperature: 19, target: 20, humidity: 40, mode: 'Heating' },
          ],
        },
      ],
    };
    const file = path.join(os.tmpdir(), `seed-${process.pid}-${Date.now()}.json`);
    await fs.writeFile(file, JSON.stringify(seed));
    expect(
      await cli(
        () => server.app.tokenKey,
        'building',
        'add',
        '--house-id',
        '2',
        '--name',
        'Schule Süd',
        '--seed',
        file,
      ),
    ).toBe(0);
    await fs.rm(file);
    await eventually(() => server.app.houses.get(2) !== undefined);
    expect(await demoManagesBuilding2()).toBe(0);
    // The signed-in user's new access is seen within a second (of the app's clock).
    clock.advance(2_000);
    await eventually(
      async () => (await server.request('/get/json/v1/2/info/', { auth: DEMO })).status === 200,
    );
    const before = device.seen.length;
    const simulated = await server.request('/api/get/json/v1/2/temps/', { auth: DEMO });
    expect(simulated.status).toBe(200);
    const rooms = ((await simulated.json()) as { raeume: { name: string }[] }[]).flatMap((floor) =>
      floor.raeume.map((room) => room.name),
    );
    expect(rooms).toEqual(['Aula']);
    const write = await server.request('/set/json/v1/2/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: '19.5' }),
    });
    expect(write.status).toBe(200);
    expect(((await write.json()) as { perm_solltemperatur: number }).perm_solltemperatur).toBe(
      19.5,
    );
    // Nothing of building 2 reached the device (its own poll of house 1 may have come).
    expect(
      device.seen.slice(before).filter((seen) => !seen.url.startsWith('/get/json/v1/1/')),
    ).toEqual([]);
    const mode = async (house: number) =>
      (
        (await (await server.request(`/api/app-config?house=${house}`)).json()) as {
          deviceMode: string;
        }
      ).deviceMode;
    expect([await mode(1), await mode(2)]).toEqual(['proxy', 'simulation']);
  });
});
