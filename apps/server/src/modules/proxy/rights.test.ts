import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiErrorBody, AuditResponse } from '@raumregler/contract';
import type { Database } from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { EXTERNAL_CHECK_MS } from '../building/index.js';
import { openDatabase } from '../../platform/database/open.js';
import {
  HAUSMEISTER,
  MIETER,
  NACHMIETER,
  SCHLAFZIMMER,
  scopedSeed,
  VERWALTER,
  VORMIETER,
  WOHNZIMMER,
} from '../../test-support/scoped-building.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo } from '../../test-support/writes.js';
import { sqliteStore } from '../../platform/database/store.js';

// Issue 34 in proxy mode: what passes through our server to a real device is filtered and
// checked as in simulation. Our database holds the demo building with its people (scopedSeed:
// MIETER has room 5 with limits 16–23, HAUSMEISTER floor 1); the device's building differs
// from it as a real one would: room 4 is on floor 2 there, room 8 is new on floor 1, rooms 3
// and 7 do not exist, and its ids come as text.

/** The device's `temps/`, byte for byte as it sends it (spacing, numbers as text). */
const TEMPS = `[
  {"id": "1", "etagenname": "EG", "raeume": [
    {"id": "1", "name": "Wohnzimmer", "temperatur": "20.50", "solltemperatur": 21.0, "perm_solltemperatur": 21, "luftfeuchte": "48.5"},
    {"id": 2, "name": "Küche", "temperatur": 19.5, "solltemperatur": 20, "perm_solltemperatur": 20, "luftfeuchte": null},
    {"id": "8", "name": "Werkstatt", "temperatur": "17,0", "solltemperatur": 18, "perm_solltemperatur": 18}
  ]},
  {"id": 2, "etagenname": "OG", "raeume": [
    {"id": 4, "name": "Arbeitszimmer", "temperatur": 21, "solltemperatur": 21, "perm_solltemperatur": 21},
    {"id": "5", "name": "Schlafzimmer", "temperatur": "18.0", "solltemperatur": 18, "perm_solltemperatur": 18, "betriebsart": 2},
    {"id": 6, "name": "Bad", "temperatur": 22, "solltemperatur": 22, "perm_solltemperatur": 22}
  ]}
]`;
const ROOMS = `[{"id":"1","etagenname":"EG","raeume":[{"id":"1","name":"Wohnzimmer"},{"id":2,"name":"Küche"},{"id":"8","name":"Werkstatt"}]},{"id":2,"etagenname":"OG","raeume":[{"id":4,"name":"Arbeitszimmer"},{"id":"5","name":"Schlafzimmer"},{"id":6,"name":"Bad"}]}]`;
const OUTS = `[{"id":"1","etagenname":"EG","raeume":[{"id":"1","name":"Wohnzimmer","ausgang":{" 1":0}},{"id":2,"name":"Küche","ausgang":{" 2":1}},{"id":"8","name":"Werkstatt","ausgang":{" 3":0}}]},{"id":2,"etagenname":"OG","raeume":[{"id":4,"name":"Arbeitszimmer","ausgang":{" 4":40}},{"id":"5","name":"Schlafzimmer","ausgang":{" 5":99}},{"id":6,"name":"Bad","ausgang":{" 6":0}}]}]`;
const ON_DEVICE = [1, 2, 8, 4, 5, 6];

/** A device as a real Controme answers: GETs for anyone, writes "OK", every request recorded. */
async function fakeDevice() {
  const seen: { method: string; url: string }[] = [];
  const targets = new Map(ON_DEVICE.map((id) => [id, 20]));
  const app: FastifyInstance = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request) => {
    seen.push({ method: request.method, url: request.url });
  });
  const raw =
    (text: string) => async (_request: unknown, reply: { type: (t: string) => unknown }) => {
      reply.type('application/json');
      return text;
    };
  app.get('/get/json/v1/1/temps/', raw(TEMPS));
  app.get('/get/json/v1/1/rooms/', raw(ROOMS));
  app.get('/get/json/v1/1/outs/', raw(OUTS));
  app.get('/get/json/v1/1/sensors/', async () => [{ name: '28-1', raum: 1, wert: 20.5 }]);
  app.get('/get/json/v1/1/heizprogramm/', async () => [
    { id: 1, name: 'Komfort', next_due_time: '2026-11-24 06:00', active: true },
  ]);
  app.get('/get/json/v1/1/temps/:roomId/', async (request, reply) => {
    const id = Number((request.params as { roomId: string }).roomId);
    if (!targets.has(id)) return reply.code(404).type('text/html').send('<h1>Not Found</h1>');
    const target = targets.get(id)!;
    return [
      { id: String(id), name: `Raum ${id}`, solltemperatur: target, perm_solltemperatur: target },
    ];
  });
  app.post('/set/json/v1/1/:method/:roomId/', async (request, reply) => {
    const { method, roomId } = request.params as { method: string; roomId: string };
    const fields = new URLSearchParams(request.body as string);
    const value = Number(fields.get(method === 'soll' ? 'soll' : 'ziel') ?? NaN);
    if (Number.isFinite(value)) targets.set(Number(roomId), Math.round(value * 8) / 8);
    return reply.type('text/html').send('OK');
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, seen, writes: () => seen.filter((each) => each.method === 'POST') };
}

const clock = manualClock('2026-11-23T10:00');
let device: Awaited<ReturnType<typeof fakeDevice>>;
let proxy: TestServer;
let dir: string;
let databaseFile: string;

beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  device = await fakeDevice();
  dir = mkdtempSync(path.join(tmpdir(), 'raumregler-proxy-rights-'));
  databaseFile = path.join(dir, 'raumregler.sqlite');
  proxy = await startTestServer({
    seed: scopedSeed(),
    now: clock.now,
    readBackRetryMs: 20,
    config: {
      upstreamUrl: device.url,
      upstreamUser: 'geraet',
      upstreamPassword: 'geraet-geheim',
      databaseFile,
      dataDir: dir,
    },
  });
});
afterEach(async () => {
  await proxy.close();
  await device.app.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, auth: [string, string]) => proxy.request(`/api${path}`, { auth });
const device_ = (method: string) => `/get/json/v1/1/${method}`;
const json = async <T>(path: string, auth: [string, string]) => {
  const response = await get(path, auth);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
type Floors = { id: unknown; etagenname: string; raeume: Record<string, unknown>[] }[];
const idsOf = (floors: Floors) => floors.flatMap((floor) => floor.raeume.map((room) => room.id));
const write = (
  method: string,
  roomId: number | string,
  fields: Record<string, string>,
  auth: [string, string],
) =>
  proxy.request(`/api/set/json/v1/1/${method}/${roomId}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, user: auth[0], password: auth[1] }).toString(),
  });
async function expectRefused(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error).toBe(error);
  return body;
}
const poll = () => proxy.app.upstreamOf(proxy.app.houses.own()).poll();

describe('proxy mode: the device answers filtered to the scope', () => {
  it('shows a one-room occupant only their room, as the device gave it, in temps, rooms and outs', async () => {
    await poll();
    const temps = await json<Floors>(device_('temps/'), MIETER);
    // The device's text ids and text numbers stay as they came; only the other rooms go.
    expect(temps).toEqual([
      {
        id: 2,
        etagenname: 'OG',
        raeume: [
          {
            id: '5',
            name: 'Schlafzimmer',
            temperatur: '18.0',
            solltemperatur: 18,
            perm_solltemperatur: 18,
            betriebsart: 2,
            limits: { min: 16, max: 23 },
          },
        ],
      },
    ]);
    expect(idsOf(await json<Floors>(device_('rooms/'), MIETER))).toEqual(['5']);
    const outs = await json<Floors>(device_('outs/'), MIETER);
    expect(outs).toEqual([
      {
        id: 2,
        etagenname: 'OG',
        raeume: [{ id: '5', name: 'Schlafzimmer', ausgang: { ' 5': 99 } }],
      },
    ]);
    // Their own room answers, with its limits beside the device's fields; another is 403.
    const mine = await json<Record<string, unknown>[]>(device_(`temps/${SCHLAFZIMMER}/`), MIETER);
    expect(mine).toEqual([expect.objectContaining({ id: '5', limits: { min: 16, max: 23 } })]);
    const asked = device.seen.length;
    await expectRefused(await get(device_(`temps/${WOHNZIMMER}/`), MIETER), 403, 'forbidden');
    expect(device.seen.length).toBe(asked);
    // An unknown room stays the device's 404.
    expect((await get(device_('temps/999/'), MIETER)).status).toBe(404);
    // Device paths we cannot filter are for whole-building users only; the programme is scenes.
    await expectRefused(await get(device_('sensors/'), MIETER), 403, 'forbidden');
    expect(device.seen.some((each) => each.url.includes('sensors'))).toBe(false);
    expect((await get(device_('heizprogramm/'), MIETER)).status).toBe(200);
    expect((await get(device_('sensors/'), demo)).status).toBe(200);
  });

  it("gives a floor's caretaker the rooms the device lists on it, learnt from the poll", async () => {
    // Before the poll our building is the seed's: room 8 is unknown, room 4 on floor 1.
    await expectRefused(await get(device_('temps/8/'), HAUSMEISTER), 403, 'forbidden');
    expect((await get(device_('temps/4/'), HAUSMEISTER)).status).toBe(200);
    // The list is filtered by the floors the device gives, poll or not.
    expect(idsOf(await json<Floors>(device_('temps/'), HAUSMEISTER))).toEqual(['1', 2, '8']);
    await poll();
    expect((await get(device_('temps/8/'), HAUSMEISTER)).status).toBe(200);
    await expectRefused(await get(device_('temps/4/'), HAUSMEISTER), 403, 'forbidden');
    expect(idsOf(await json<Floors>(device_('rooms/'), HAUSMEISTER))).toEqual(['1', 2, '8']);
    expect(idsOf(await json<Floors>(device_('outs/'), HAUSMEISTER))).toEqual(['1', 2, '8']);
    // Our API follows the same floors: the device's programme for room 8, not for room 5.
    expect((await get('/schedules/8/', HAUSMEISTER)).status).toBe(200);
    await expectRefused(await get(`/schedules/${SCHLAFZIMMER}/`, HAUSMEISTER), 403, 'forbidden');
    await expectRefused(await get(`/schedules/${WOHNZIMMER}/`, MIETER), 403, 'forbidden');
    expect((await get(`/schedules/${SCHLAFZIMMER}/`, MIETER)).status).toBe(200);
  });

  it("passes the device's bytes to a whole-building user untouched while no room has limits", async () => {
    await poll();
    // The seed's limits on room 5 go; then temps, rooms and outs are the device's bytes.
    const removed = await proxy.request(`/api/rooms/${SCHLAFZIMMER}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'min=&max=&user=demo&password=demo1234',
    });
    expect(removed.status).toBe(200);
    for (const [method, bytes] of [
      ['temps/', TEMPS],
      ['rooms/', ROOMS],
      ['outs/', OUTS],
    ] as const) {
      for (const who of [demo, VERWALTER]) {
        const response = await get(device_(method), who);
        expect(response.status).toBe(200);
        expect(await response.text()).toBe(bytes);
      }
    }
  });

  it('refuses reads to users outside their validity, as in simulation', async () => {
    await poll();
    for (const who of [NACHMIETER, VORMIETER]) {
      for (const method of ['temps/', 'rooms/', 'outs/', `temps/${SCHLAFZIMMER}/`]) {
        expect((await get(device_(method), who)).status, `${who[0]} ${method}`).toBe(403);
      }
      await expectRefused(await write('ziel', SCHLAFZIMMER, { ziel: '20' }, who), 403, 'forbidden');
    }
    expect(device.writes()).toEqual([]);
    // From the first day on, the new tenant has their room.
    clock.set('2026-12-01T08:00');
    expect(idsOf(await json<Floors>(device_('temps/'), NACHMIETER))).toEqual(['5']);
  });
});

describe('proxy mode: our API follows the scope, with the floors of the poll', () => {
  it("gives a floor's caretaker and a one-room occupant their rooms' history and export only", async () => {
    await poll();
    for (const [who, mine, other] of [
      [HAUSMEISTER, 8, SCHLAFZIMMER],
      [MIETER, SCHLAFZIMMER, WOHNZIMMER],
    ] as const) {
      expect((await get(`/history/${mine}/`, who)).status, `${who[0]} ${mine}`).toBe(200);
      await expectRefused(await get(`/history/${other}/`, who), 403, 'forbidden');
    }
    clock.advance(60_000);
    const exported = await get('/history/export.csv', HAUSMEISTER);
    expect(exported.status).toBe(200);
    const text = await exported.text();
    expect(text).toContain('Werkstatt');
    expect(text).not.toContain('Schlafzimmer');
    expect(text).not.toContain('Arbeitszimmer');
    // The audit of a room of the floor, not of another.
    expect((await get('/audit/?room=8', HAUSMEISTER)).status).toBe(200);
    await expectRefused(await get(`/audit/?room=${SCHLAFZIMMER}`, HAUSMEISTER), 403, 'forbidden');
  });
});

describe('proxy mode: writes are checked before they reach the device', () => {
  it("refuses an occupant's write outside their room and above its limits, forwarding nothing", async () => {
    await poll();
    for (const method of ['ziel', 'soll', 'resettemp', 'rooms']) {
      const fields =
        method === 'rooms' ? { action: 'betriebsart', value: 'off' } : { [method]: '20' };
      await expectRefused(await write(method, WOHNZIMMER, fields, MIETER), 403, 'forbidden');
      await expectRefused(await write(method, 8, fields, MIETER), 403, 'forbidden');
    }
    // A room neither our building nor the scope knows: 404, as the device would say.
    expect((await write('ziel', 999, { ziel: '20' }, MIETER)).status).toBe(404);
    for (const field of ['ziel', 'soll']) {
      const refused = await expectRefused(
        await write(field, SCHLAFZIMMER, { [field]: '23.5' }, MIETER),
        400,
        'outside_room_limits',
      );
      expect(refused.messages?.[field]?.[0]).toContain('erlaubt 16,0–23,0 °C');
      await expectRefused(
        await write(field, SCHLAFZIMMER, { [field]: '15,5' }, MIETER),
        400,
        'outside_room_limits',
      );
    }
    expect(device.writes()).toEqual([]);
    // Within the limits it goes through, as does a reset.
    expect((await write('ziel', SCHLAFZIMMER, { ziel: '23' }, MIETER)).status).toBe(200);
    expect((await write('resettemp', SCHLAFZIMMER, {}, MIETER)).status).toBe(200);
    expect(device.writes().map((each) => each.url)).toEqual([
      '/set/json/v1/1/ziel/5/',
      '/set/json/v1/1/resettemp/5/',
    ]);
  });

  it('lets those who manage the room go outside its limits', async () => {
    await poll();
    expect((await write('soll', SCHLAFZIMMER, { soll: '25' }, demo)).status).toBe(200);
    expect((await write('ziel', 8, { ziel: '26' }, HAUSMEISTER)).status).toBe(200);
    expect(device.writes()).toHaveLength(2);
  });
});

describe('proxy mode: access tokens (issue 35)', () => {
  it("signs a Bearer token in with its owner's scope, limited to its access, on reads and writes", async () => {
    await poll();
    const tokenOf = async (access: string) => {
      const response = await proxy.request('/api/tokens/', {
        method: 'POST',
        body: new URLSearchParams({ user: MIETER[0], password: MIETER[1], name: 'HA', access }),
      });
      expect(response.status).toBe(201);
      const { token } = (await response.json()) as { token: { token: string } };
      return { authorization: `Bearer ${token.token}` };
    };
    const writeToken = await tokenOf('write');
    const temps = await proxy.request(`/api${device_('temps/')}`, { headers: writeToken });
    expect(temps.status).toBe(200);
    expect(idsOf((await temps.json()) as Floors)).toEqual(['5']);
    const bearerWrite = (headers: Record<string, string>, roomId: number) =>
      proxy.request(`/set/json/v1/1/ziel/${roomId}/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'ziel=21',
      });
    await expectRefused(await bearerWrite(writeToken, WOHNZIMMER), 403, 'forbidden');
    const readToken = await tokenOf('read');
    await expectRefused(await bearerWrite(readToken, SCHLAFZIMMER), 403, 'forbidden');
    expect(device.writes()).toEqual([]);
    expect((await bearerWrite(writeToken, SCHLAFZIMMER)).status).toBe(200);
    expect(device.writes().map((each) => each.url)).toEqual(['/set/json/v1/1/ziel/5/']);
    const wrong = { authorization: `Bearer rr_${'A'.repeat(43)}` };
    await expectRefused(
      await proxy.request(`/api${device_('temps/')}`, { headers: wrong }),
      401,
      'unauthorized',
    );
  });
});

describe('proxy mode: room limits live in our database', () => {
  it('sets limits on a room the device brought, shows them in temps and binds users to them', async () => {
    await poll();
    const set = await proxy.request('/api/rooms/8/limits', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'min=17&max=21&user=hausmeister&password=hausmeister1',
    });
    expect(set.status).toBe(200);
    // The caretaker manages floor 1 only: not room 5.
    const foreign = await proxy.request(`/api/rooms/${SCHLAFZIMMER}/limits`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'min=17&max=21&user=hausmeister&password=hausmeister1',
    });
    await expectRefused(foreign, 403, 'forbidden');
    const temps = await json<Floors>(device_('temps/'), demo);
    const limits = Object.fromEntries(
      temps.flatMap((floor) => floor.raeume.map((room) => [String(room.id), room.limits])),
    );
    expect(limits).toEqual({
      '1': null,
      '2': null,
      '8': { min: 17, max: 21 },
      '4': null,
      '5': { min: 16, max: 23 },
      '6': null,
    });
    // Besides `limits` the rooms are the device's.
    expect(temps[0]!.raeume[0]).toEqual({
      id: '1',
      name: 'Wohnzimmer',
      temperatur: '20.50',
      solltemperatur: 21,
      perm_solltemperatur: 21,
      luftfeuchte: '48.5',
      limits: null,
    });
    // VERWALTER (permanent, whole building) is bound: 22 is refused, nothing forwarded.
    await expectRefused(
      await write('ziel', 8, { ziel: '22' }, VERWALTER),
      400,
      'outside_room_limits',
    );
    expect(device.writes()).toEqual([]);
    expect((await write('ziel', 8, { ziel: '21' }, VERWALTER)).status).toBe(200);
    // Audited as in simulation.
    const audit = await json<AuditResponse>('/audit/?room=8', demo);
    expect(audit.entries.map((entry) => entry.action)).toContain('limits-changed');
  });

  it('takes limits from the CLI in proxy mode, within a second', async () => {
    await poll();
    const limitsOf8 = async () =>
      (await json<Floors>(device_('temps/'), demo))[0]!.raeume.find((room) => room.id === '8')!
        .limits;
    expect(await limitsOf8()).toBeNull();
    const cliDb: Database = openDatabase(databaseFile);
    try {
      const out: string[] = [];
      const code = await runCli(
        ['room', 'limits', '8', '--min', '18', '--max', '20'],
        sqliteStore(cliDb),
        { out: (line) => out.push(line), err: (line) => out.push(line) },
        clock.now,
        { proxy: true },
      );
      expect(code).toBe(0);
      expect(out.join('\n')).toContain('Room 8 (Werkstatt) now has limits 18,0–20,0 °C');
      expect(
        await runCli(
          ['room', 'limits', '3000', '--none'],
          sqliteStore(cliDb),
          { out() {}, err() {} },
          clock.now,
          {
            proxy: true,
          },
        ),
      ).toBe(1);
    } finally {
      cliDb.close();
    }
    clock.advance(1000);
    // Another process's commit: the server notices it within EXTERNAL_CHECK_MS of real time.
    await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 100));
    expect(await limitsOf8()).toEqual({ min: 18, max: 20 });
    await expectRefused(
      await write('ziel', 8, { ziel: '21' }, VERWALTER),
      400,
      'outside_room_limits',
    );
  });
});

describe('proxy mode in front of our simulation answering as a real device (DEVICE_PROFILE=controme)', () => {
  it('gives the occupant their room as the device shapes it, with limits, and refuses the rest', async () => {
    const sim = await startTestServer({
      seed: scopedSeed(),
      now: clock.now,
      config: { deviceProfile: 'controme' },
    });
    const front = await startTestServer({
      seed: scopedSeed(),
      now: clock.now,
      readBackRetryMs: 20,
      config: { upstreamUrl: sim.url, upstreamUser: 'demo', upstreamPassword: 'demo1234' },
    });
    try {
      await front.app.upstreamOf(front.app.houses.own()).poll();
      const ask = (path: string, auth: [string, string]) =>
        front.request(`/api/get/json/v1/1/${path}`, { auth });
      const mine = (await (await ask('temps/', MIETER)).json()) as Floors;
      expect(idsOf(mine)).toEqual([SCHLAFZIMMER]);
      // The device's own fields pass (sensors, offsets), with our limits beside them.
      expect(mine[0]!.raeume[0]).toHaveProperty('sensoren');
      expect(mine[0]!.raeume[0]!.limits).toEqual({ min: 16, max: 23 });
      expect(idsOf((await (await ask('outs/', MIETER)).json()) as Floors)).toEqual([SCHLAFZIMMER]);
      expect(idsOf((await (await ask('temps/', HAUSMEISTER)).json()) as Floors)).toEqual([
        1, 2, 3, 4,
      ]);
      expect((await ask(`temps/${WOHNZIMMER}/`, MIETER)).status).toBe(403);
      const before = await (await sim.request(`/get/json/v1/1/temps/${SCHLAFZIMMER}/`)).text();
      const refused = await front.request(`/api/set/json/v1/1/soll/${SCHLAFZIMMER}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'soll=24&user=mieter&password=mieter12345',
      });
      await expectRefused(refused, 400, 'outside_room_limits');
      expect(await (await sim.request(`/get/json/v1/1/temps/${SCHLAFZIMMER}/`)).text()).toBe(
        before,
      );
      const taken = await front.request(`/api/set/json/v1/1/soll/${SCHLAFZIMMER}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'soll=22.5&user=mieter&password=mieter12345',
      });
      expect(taken.status).toBe(200);
    } finally {
      await front.close();
      await sim.close();
    }
  });
});
