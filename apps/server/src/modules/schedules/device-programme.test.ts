import type { DeviceSchedule } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { demo, expectError } from '../../test-support/writes.js';

/** Proxy mode's device account: known to the device only, never to a caller. */
const DEVICE_USER = 'geraet-konto';
const DEVICE_PASSWORD = 'geraet-geheim-4411';
const bewohner: [string, string] = ['bewohner', 'bewohner1234']; // read

/** The answer a real device gives: its programme's switch points (docs/device-api.md, heizprogramm). */
const PROGRAMME = [
  { id: 1, name: 'Komfort', next_due_time: '2026-11-24 06:00', active: true },
  { id: 2, name: 'Absenkung', next_due_time: '2026-11-23 22:00', active: false },
  { id: 3, name: '', next_due_time: '2026-11-23 23:00', active: true },
];

/**
 * A device like a real Controme: rooms 1 and 2 in `temps/`, its programme at `heizprogramm/`
 * (whatever `state.programme` holds, text as it is; `state.status` other than 200 answers that status with an
 * HTML page). Every authorization header it gets is recorded.
 */
async function fakeDevice() {
  const state: { programme: unknown; status: number; seen: string[] } = {
    programme: PROGRAMME,
    status: 200,
    seen: [],
  };
  const app: FastifyInstance = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.addHook('onRequest', async (request) => {
    state.seen.push(`${request.url} ${request.headers.authorization ?? ''}`);
  });
  const rooms = [
    { id: 1, name: 'Wohnzimmer', solltemperatur: 21 },
    { id: 2, name: 'Küche', solltemperatur: 20 },
  ];
  app.get('/get/json/v1/1/temps/', async () => [{ id: 1, etagenname: 'EG', raeume: rooms }]);
  app.get('/get/json/v1/1/outs/', async () => []);
  app.get('/get/json/v1/1/heizprogramm/', async (_request, reply) => {
    if (state.status !== 200) {
      return reply.code(state.status).type('text/html').send('<html><h1>Fehler</h1></html>');
    }
    // Text is sent as it is (a broken answer); anything else as JSON.
    const body =
      typeof state.programme === 'string' ? state.programme : JSON.stringify(state.programme);
    return reply.type('application/json').send(body);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, state };
}

let device: Awaited<ReturnType<typeof fakeDevice>>;
let proxy: TestServer;

beforeEach(async () => {
  device = await fakeDevice();
  proxy = await startTestServer({
    seed: demoSeedWithGuest(),
    config: {
      upstreamUrl: device.url,
      upstreamUser: DEVICE_USER,
      upstreamPassword: DEVICE_PASSWORD,
    },
    // At a minute's start: the background poll comes a whole minute later, never mid-test.
    now: manualClock('2026-11-23T10:00').now,
  });
});
afterEach(async () => {
  await proxy.close();
  await device.app.close();
});

const read = (roomId: number | string = 1, auth: [string, string] | null = demo) =>
  proxy.request(`/api/schedules/${roomId}/`, auth ? { auth } : {});

describe('GET /api/schedules/{roomId}/ in proxy mode (UPSTREAM_URL)', () => {
  it("answers the device's programme read-only, read with the device account", async () => {
    const response = await read(1);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as DeviceSchedule;
    expect(answer).toEqual({
      room: 1,
      source: 'device',
      editable: false,
      // The device's order; its ids left out, the point without a name dropped.
      switch_points: [
        { name: 'Komfort', next_due_time: '2026-11-24 06:00', active: true },
        { name: 'Absenkung', next_due_time: '2026-11-23 22:00', active: false },
      ],
    });
    // Every room shows the device's one programme (its points name scenes, not rooms).
    expect(((await (await read(2)).json()) as DeviceSchedule).switch_points).toHaveLength(2);
    const asked = device.state.seen.filter((line) =>
      line.startsWith('/get/json/v1/1/heizprogramm/'),
    );
    expect(asked).toHaveLength(2);
    const account = `Basic ${Buffer.from(`${DEVICE_USER}:${DEVICE_PASSWORD}`).toString('base64')}`;
    for (const line of asked) expect(line).toBe(`/get/json/v1/1/heizprogramm/ ${account}`);
    // The device account never reaches the caller.
    const text = await (await read(1)).text();
    expect(text).not.toContain(DEVICE_USER);
    expect(text).not.toContain(DEVICE_PASSWORD);
  });

  it('answers the module switched off ({}) and odd shapes as a list, never a 500', async () => {
    device.state.programme = {};
    expect(await (await read()).json()).toMatchObject({ source: 'device', switch_points: [] });
    device.state.programme = {
      '7': { name: 'Nacht', next_due_time: 1764223200, active: 'ja' },
      '8': { active: true },
    };
    expect(((await (await read()).json()) as DeviceSchedule).switch_points).toEqual([
      { name: 'Nacht', next_due_time: null, active: false },
    ]);
  });

  it('keeps the read rules of the schedule: 401, 403, 400', async () => {
    await expectError(await read(1, null), 401);
    await expectError(await read(1, ['demo', 'wrong']), 401);
    expect((await expectError(await read(1, GUEST), 403)).error).toBe('forbidden');
    expect((await read(1, bewohner)).status).toBe(200);
    await expectError(await read('abc'), 400);
    // None of these reached the device.
    expect(device.state.seen.filter((line) => line.includes('heizprogramm'))).toHaveLength(1);
  });

  it("answers 404 for a room the device's last poll did not list; before any poll, any room", async () => {
    // Before the first poll the device's rooms are not known: room 999 is answered.
    expect((await read(999)).status).toBe(200);
    await proxy.app.upstreamOf(proxy.app.houses.own()).poll();
    expect((await expectError(await read(999), 404)).error).toBe('not_found');
    expect((await read(2)).status).toBe(200);
  });

  it('answers 502 upstream_unavailable when the device fails, refuses or is gone', async () => {
    for (const status of [500, 401, 404]) {
      device.state.status = status;
      const body = await expectError(await read(), 502);
      expect(body.error, String(status)).toBe('upstream_unavailable');
    }
    device.state.status = 200;
    device.state.programme = '<html>kein JSON';
    expect((await expectError(await read(), 502)).error).toBe('upstream_unavailable');
    await device.app.close();
    const gone = await expectError(await read(), 502);
    expect(gone.error).toBe('upstream_unavailable');
    expect(gone.message).toMatch(/does not answer/);
    device = await fakeDevice();
  });

  it('keeps schedule writes and absences at 501 edited_at_device', async () => {
    for (const [method, p] of [
      ['POST', '/api/schedules/1/'],
      ['GET', '/api/absences/'],
      ['POST', '/api/absences/'],
      ['POST', '/api/absences/1/end'],
    ] as const) {
      const body = await expectError(await proxy.request(p, { method, auth: demo }), 501);
      expect(body.error, p).toBe('edited_at_device');
    }
  });
});
