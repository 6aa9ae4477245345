import type { HistoryAnswer } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBasicAuth } from '../../platform/auth/plugin.js';
import type { PolledRoom } from '../proxy/index.js';
import {
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { expectError } from '../../test-support/writes.js';

/** A small fake device: its users, its rooms, and how often it was asked what. */
function fakeDevice() {
  const users = new Map<string, { password: string; smart: string; pro: string }>([
    ['reader', { password: 'read-only', smart: 'read', pro: 'read' }],
    ['anna', { password: 'anna-pw', smart: 'full', pro: 'no-access' }],
    ['gast', { password: 'gast-pw', smart: 'no-access', pro: 'no-access' }],
  ]);
  const calls = { permissions: 0, temps: 0, outs: 0 };
  let temperature = 20.4;
  let down = false;
  // Room 11 as a real device sends it: two relays, keys with a leading space; 12 has none.
  let outputs: Record<string, number> | null = { ' 14': 1, ' 15': 0 };
  const app: FastifyInstance = Fastify();
  const userOf = (header: string | undefined) => {
    const credentials = parseBasicAuth(header);
    const user = credentials && users.get(credentials.username);
    return user && user.password === credentials.password ? user : null;
  };
  app.get('/get/json/v1/1/permissions/', async (request, reply) => {
    calls.permissions++;
    if (down) return reply.code(503).send('down');
    const user = userOf(request.headers.authorization);
    if (!user) return reply.code(401).send({ error: 'unauthorized' });
    return { access_to_smart: user.smart, access_to_pro: user.pro };
  });
  app.get('/get/json/v1/1/temps/', async (request, reply) => {
    calls.temps++;
    if (!userOf(request.headers.authorization)) return reply.code(401).send({});
    return [
      {
        id: 1,
        etagenname: 'EG',
        raeume: [
          { id: 11, name: 'Büro', temperatur: temperature, solltemperatur: 21, luftfeuchte: 44 },
          { id: 12, name: 'Flur', temperatur: null, solltemperatur: 18, luftfeuchte: null },
        ],
      },
    ];
  });
  app.get('/get/json/v1/1/outs/', async (request, reply) => {
    calls.outs++;
    if (!userOf(request.headers.authorization)) return reply.code(401).send({});
    if (outputs === null) return reply.code(500).send('outs failed');
    return [
      {
        id: 1,
        etagenname: 'EG',
        raeume: [
          { id: 11, name: 'Büro', ausgang: outputs },
          { id: 12, name: 'Flur', ausgang: {} },
        ],
      },
    ];
  });
  return {
    app,
    users,
    calls,
    setOutputs: (value: Record<string, number> | null) => (outputs = value),
    setTemperature: (value: number) => (temperature = value),
    setDown: (value: boolean) => (down = value),
  };
}

let device: ReturnType<typeof fakeDevice>;
let proxy: TestServer;
let clock: ReturnType<typeof manualClock>;
// Our user; anna exists only at the device.
const demo: [string, string] = ['demo', 'demo1234'];

beforeEach(async () => {
  device = fakeDevice();
  const url = await device.app.listen({ port: 0, host: '127.0.0.1' });
  clock = manualClock('2026-11-23T10:00');
  const seed = demoSeedWithGuest();
  proxy = await startTestServer({
    seed,
    now: clock.now,
    config: { upstreamUrl: url, upstreamUser: 'reader', upstreamPassword: 'read-only' },
  });
});
afterEach(async () => {
  await proxy.close();
  await device.app.close();
});

describe('history in proxy mode', () => {
  it('records each poll of the device temps, tells subscribers, and never backfills', async () => {
    const seen: [readonly PolledRoom[], number][] = [];
    proxy.app.upstreamOf(proxy.app.houses.own()).subscribe((rooms, at) => seen.push([rooms, at]));
    await proxy.app.historyOf(proxy.app.houses.own()).startBackfill();
    expect(proxy.app.historyOf(proxy.app.houses.own()).backfillStatus()).toBe('none');

    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    clock.advance(60_000);
    device.setTemperature(20.9);
    device.setOutputs({ ' 14': 45 });
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    // The outs answer fails: the temperatures are recorded all the same, with no valve.
    clock.advance(60_000);
    device.setOutputs(null);
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    expect(device.calls.temps).toBe(3);
    expect(device.calls.outs).toBe(3);
    expect(seen).toHaveLength(3);
    expect(seen[0]![0].map((room) => [room.id, room.floorName])).toEqual([
      [11, 'EG'],
      [12, 'EG'],
    ]);
    expect(seen[2]![1]).toBe(clock.now());

    const response = await proxy.request('/api/history/11/', { auth: demo });
    expect(response.status).toBe(200);
    expect(((await response.json()) as HistoryAnswer).samples).toEqual([
      {
        time: '2026-11-23T10:00:00+01:00',
        temperature: 20.4,
        target: 21,
        humidity: 44,
        valve: 50,
      },
      {
        time: '2026-11-23T10:01:00+01:00',
        temperature: 20.9,
        target: 21,
        humidity: 44,
        valve: 45,
      },
      {
        time: '2026-11-23T10:02:00+01:00',
        temperature: 20.9,
        target: 21,
        humidity: 44,
        valve: null,
      },
    ]);
    expect(seen[0]![0].map((room) => room.valve)).toEqual([50, null]);
    // A room without outputs has no valve.
    const flur = (await (
      await proxy.request('/api/history/12/', { auth: demo })
    ).json()) as HistoryAnswer;
    expect(flur.samples.map((sample) => sample.valve)).toEqual([null, null, null]);
    // A room the device does not list is unknown here too.
    await expectError(await proxy.request('/api/history/1/', { auth: demo }), 404);
  });

  it('answers a room recorded before a restart even before the first poll', async () => {
    // As a previous run of the server left it.
    await proxy.app.historyOf(proxy.app.houses.own()).store.record([
      {
        roomId: 77,
        time: clock.now() - 60_000,
        temperature: 19,
        target: 20,
        humidity: null,
        valve: null,
      },
    ]);
    const response = await proxy.request('/api/history/77/', { auth: demo });
    expect(response.status).toBe(200);
    expect(((await response.json()) as HistoryAnswer).samples).toHaveLength(1);
    await expectError(await proxy.request('/api/history/78/', { auth: demo }), 404);
  });

  it('a poll the device refuses records nothing and throws nothing', async () => {
    device.users.delete('reader');
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    expect(device.calls.temps).toBe(1);
    await expectError(await proxy.request('/api/history/11/', { auth: demo }), 404);
  });
});

describe('sign-in of our endpoints in proxy mode: our accounts, the device is never asked', () => {
  it('401 for a password we do not know, though the device knows it; 403 without read; 200 with it', async () => {
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    await expectError(await proxy.request('/api/history/11/'), 401);
    await expectError(await proxy.request('/api/history/11/', { auth: ['demo', 'nope'] }), 401);
    await expectError(await proxy.request('/api/history/11/', { auth: ['anna', 'anna-pw'] }), 401);
    await expectError(await proxy.request('/api/history/11/', { auth: GUEST }), 403);
    expect((await proxy.request('/api/history/11/', { auth: demo })).status).toBe(200);
    expect((await proxy.request('/api/history/status', { auth: demo })).status).toBe(200);
    expect(device.calls.permissions).toBe(0);
  });

  it('signs in while the device is down', async () => {
    device.setDown(true);
    expect((await proxy.request('/api/history/status', { auth: demo })).status).toBe(200);
    const user = await proxy.request('/api/user', { auth: demo });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ username: 'demo', email: 'demo@example.com' });
    expect(device.calls.permissions).toBe(0);
  });
});
