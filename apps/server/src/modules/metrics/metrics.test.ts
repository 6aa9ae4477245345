import type { Floor, FloorOutputs } from '@raumregler/contract';
import { valvePercent } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { MIETER, scopedSeed, SCHLAFZIMMER } from '../../test-support/scoped-building.js';
import { demo } from '../../test-support/writes.js';
import { startAccountsServer } from '../../test-support/accounts.js';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (names, labels, values), for asserting on. */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[key!] = value!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

let server: TestServer | undefined;
let device: FastifyInstance | undefined;
afterEach(async () => {
  await server?.close();
  await device?.close();
  server = undefined;
  device = undefined;
});

const scrape = async (auth: [string, string] = demo) => {
  const response = await server!.request('/metrics', { auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, samples: parse(await response.text()) };
};
const only = (samples: Sample[], name: string) => samples.filter((each) => each.name === name);
const byRoom = (samples: Sample[], name: string) =>
  new Map(only(samples, name).map((each) => [Number(each.labels.room_id), each]));

describe('GET /metrics in simulation', () => {
  it('is refused without credentials (401), with a wrong password (401) and without read access (403), as JSON', async () => {
    server = await startTestServer({ seed: demoSeedWithGuest() });
    const none = await server.request('/metrics');
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ error: 'unauthorized' });
    const wrong = await server.request('/metrics', { auth: ['demo', 'wrong-password'] });
    expect(wrong.status).toBe(401);
    const guest = await server.request('/metrics', { auth: GUEST });
    expect(guest.status).toBe(403);
    expect(await guest.json()).toMatchObject({ error: 'forbidden' });
  });

  it("gives every room's temperature, target, humidity and valve as temps/ and outs/ answer them, with the issue's names and labels", async () => {
    server = await startTestServer();
    const { response, samples } = await scrape(['bewohner', 'bewohner1234']);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const temps = (await (
      await server.request('/get/json/v1/1/temps/', { auth: demo })
    ).json()) as Floor[];
    const outs = (await (
      await server.request('/get/json/v1/1/outs/', { auth: demo })
    ).json()) as FloorOutputs[];
    const valves = new Map(
      outs.flatMap((floor) => floor.raeume.map((room) => [room.id, valvePercent(room.ausgang)])),
    );
    const temperature = byRoom(samples, 'raumregler_room_temperature_celsius');
    const target = byRoom(samples, 'raumregler_room_target_celsius');
    const humidity = byRoom(samples, 'raumregler_room_humidity_percent');
    const valve = byRoom(samples, 'raumregler_room_valve_percent');
    let rooms = 0;
    for (const floor of temps) {
      for (const room of floor.raeume) {
        rooms += 1;
        expect(target.get(room.id)).toEqual({
          name: 'raumregler_room_target_celsius',
          labels: {
            house_id: '1',
            room: room.name,
            room_id: String(room.id),
            floor: floor.etagenname,
          },
          value: room.solltemperatur,
        });
        expect(temperature.get(room.id)?.value).toBe(room.temperatur ?? undefined);
        expect(humidity.get(room.id)?.value).toBe(room.luftfeuchte ?? undefined);
        expect(valve.get(room.id)?.value).toBe(valves.get(room.id));
      }
    }
    expect(rooms).toBe(7);
    expect(target.size).toBe(7);
    expect(temperature.get(1)?.labels).toEqual({
      house_id: '1',
      room: 'Wohnzimmer',
      room_id: '1',
      floor: 'EG',
    });
    expect(temperature.get(1)?.value).toBe(20.5);
    // The Gäste-WC has no sensor: no temperature and no humidity sample (not a 0).
    expect(temperature.has(4)).toBe(false);
    expect(humidity.has(4)).toBe(false);
    expect(temperature.size).toBe(6);
    // Simulation has no device to be up or down.
    expect(only(samples, 'raumregler_device_up')).toEqual([]);
    // The process' own metrics, under prom-client's default names.
    expect(only(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(only(samples, 'nodejs_heap_size_used_bytes')).toHaveLength(1);
    // Only counters end in _total (promtool's rule): prom-client's gauges so named are left out.
    const text = await (await server.request('/metrics', { auth: demo })).text();
    const types = [...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)];
    expect(types.length).toBeGreaterThan(20);
    expect(
      types.filter(([, name, type]) => name!.endsWith('_total') && type !== 'counter'),
    ).toEqual([]);
  });

  it("escapes a room's name in its label", async () => {
    const seed = demoSeedWithGuest();
    seed.floors[0]!.rooms[0]!.name = 'Zimmer "Süd" \\ Ecke';
    server = await startTestServer({ seed });
    const { samples } = await scrape();
    expect(byRoom(samples, 'raumregler_room_target_celsius').get(1)?.labels.room).toBe(
      'Zimmer "Süd" \\ Ecke',
    );
  });

  it("follows a change at once: a new target is the next scrape's", async () => {
    server = await startTestServer();
    const form = new URLSearchParams({ soll: '23.5', duration: '60' });
    const write = await server.request('/set/json/v1/1/soll/3/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    expect(write.status, await write.text()).toBe(200);
    const { samples } = await scrape();
    expect(byRoom(samples, 'raumregler_room_target_celsius').get(3)?.value).toBe(23.5);
  });

  it("shows a user with a room scope only that room's series", async () => {
    server = await startTestServer({ seed: scopedSeed() });
    const { samples } = await scrape(MIETER);
    const ids = only(samples, 'raumregler_room_target_celsius').map((each) => each.labels.room_id);
    expect(ids).toEqual([String(SCHLAFZIMMER)]);
  });

  it('counts the open alarms per kind, every kind present', async () => {
    const clock = manualClock('2026-11-23T07:00');
    // SIM_SPEED 1: the rules' durations in real minutes; the alarm mails go to a folder.
    const accounts = await startAccountsServer({ simSpeed: 1 }, clock.now);
    server = accounts;
    const kinds = async () =>
      Object.fromEntries(
        only((await scrape()).samples, 'raumregler_alarms_open').map((each) => [
          each.labels.kind,
          each.value,
        ]),
      );
    expect(await kinds()).toEqual({
      'too-cold': 0,
      'too-warm': 0,
      'sensor-silent': 0,
      'device-offline': 0,
      'device-unconfirmed': 0,
      'battery-low': 0,
    });
    // Two silent sensors (40 minutes without a reading) and one room far too cold for an hour.
    const lastReading = clock.now();
    for (let minute = 0; minute <= 60; minute += 5) {
      await server.app.alarmsOf(server.app.houses.own()).evaluate(
        [
          { roomId: 5, mode: 'Heating', temperature: 18, target: 18, reportedAt: lastReading },
          { roomId: 6, mode: 'Heating', temperature: 18, target: 18, reportedAt: lastReading },
          { roomId: 1, mode: 'Heating', temperature: 12, target: 21, reportedAt: clock.now() },
        ],
        clock.now(),
      );
      clock.advance(5 * 60_000);
    }
    const open = await server.app.alarmsOf(server.app.houses.own()).repo.listOpen();
    expect(open.length).toBeGreaterThan(0);
    const expected = {
      'too-cold': 0,
      'too-warm': 0,
      'sensor-silent': 0,
      'device-offline': 0,
      'device-unconfirmed': 0,
      'battery-low': 0,
    };
    for (const alarm of open) expected[alarm.kind] += 1;
    expect(expected['sensor-silent']).toBe(2);
    expect(expected['too-cold']).toBe(1);
    expect(await kinds()).toEqual(expected);
  });

  it('times requests by route template (never the URL), method and status; unknown routes as one value', async () => {
    server = await startTestServer();
    for (const id of [1, 2, 3]) {
      expect((await server.request(`/get/json/v1/1/temps/${id}/`, { auth: demo })).status).toBe(
        200,
      );
    }
    expect((await server.request('/get/json/v1/1/temps/999/', { auth: demo })).status).toBe(404);
    await server.request('/no/such/path/1');
    await server.request('/no/such/path/2');
    const { samples } = await scrape();
    const counts = only(samples, 'raumregler_http_request_duration_seconds_count');
    const count = (labels: Record<string, string>) =>
      counts.find((each) => JSON.stringify(each.labels) === JSON.stringify(labels))?.value;
    expect(
      count({ method: 'GET', route: '/get/json/v1/:houseId/temps/:roomId', status_code: '200' }),
    ).toBe(3);
    expect(
      count({ method: 'GET', route: '/get/json/v1/:houseId/temps/:roomId', status_code: '404' }),
    ).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_code: '404' })).toBe(2);
    // No raw URL became a label value.
    const routes = new Set(counts.map((each) => each.labels.route));
    expect([...routes].some((route) => /\/\d+$|\/path\//.test(route!))).toBe(false);
    const buckets = only(samples, 'raumregler_http_request_duration_seconds_bucket').filter(
      (each) =>
        each.labels.route === '/get/json/v1/:houseId/temps/:roomId' && each.labels.le === '+Inf',
    );
    expect(buckets.map((each) => each.value).sort()).toEqual([1, 3]);
  });

  it("keeps each app's metrics to itself (one registry per app)", async () => {
    server = await startTestServer();
    const other = await startTestServer();
    try {
      for (let i = 0; i < 3; i++) await other.request('/get/json/v1/1/temps/', { auth: demo });
      const tempsCounts = async (of: TestServer) => {
        const response = await of.request('/metrics', { auth: demo });
        return only(parse(await response.text()), 'raumregler_http_request_duration_seconds_count')
          .filter((each) => each.labels.route!.startsWith('/get/json/v1/:houseId/temps'))
          .map((each) => each.value);
      };
      expect(await tempsCounts(other)).toEqual([3]);
      expect(await tempsCounts(server)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('says how far the history sampler is behind: now minus the newest sample', async () => {
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({ now: clock.now });
    const lag = async () =>
      only((await scrape()).samples, 'raumregler_history_sampler_lag_seconds')[0]?.value;
    // Nothing recorded yet: behind since the start.
    clock.advance(30_000);
    expect(await lag()).toBe(30);
    await server.app.historyOf(server.app.houses.own()).tick();
    clock.advance(90_000);
    // The sample of 10:00:30 is stored under its minute (10:00): 2 minutes behind at 10:02:00.
    expect(await lag()).toBe(120);
    await server.app.historyOf(server.app.houses.own()).tick();
    expect(await lag()).toBe(0);
  });
});

/** A device with two rooms on one floor; `down()` makes it answer 503. */
async function fakeDevice() {
  const app = Fastify();
  let up = true;
  app.get('/get/json/v1/1/temps/', async (_request, reply) => {
    if (!up) return reply.code(503).send({});
    return [
      {
        id: 1,
        etagenname: 'Keller',
        raeume: [
          {
            id: 11,
            name: 'Werkstatt',
            temperatur: 17.5,
            solltemperatur: 19,
            luftfeuchte: 55,
            betriebsart: 'Heating',
            sensoren: [],
          },
          {
            id: 12,
            name: 'Lager',
            temperatur: null,
            solltemperatur: 12,
            luftfeuchte: null,
            betriebsart: 'Heating',
            sensoren: [],
          },
        ],
      },
    ];
  });
  app.get('/get/json/v1/1/outs/', async (_request, reply) => {
    if (!up) return reply.code(503).send({});
    return [{ id: 1, raeume: [{ id: 11, name: 'Werkstatt', ausgang: { '1': 1, '2': 0 } }] }];
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, down: () => (up = false) };
}

describe('GET /metrics in proxy mode', () => {
  it("gives the last poll's rooms and whether the device answers", async () => {
    const fake = await fakeDevice();
    device = fake.app;
    server = await startTestServer({
      config: { upstreamUrl: fake.url, upstreamUser: 'reader', upstreamPassword: 'read-only' },
    });
    const host = new URL(fake.url).host;
    expect(only((await scrape()).samples, 'raumregler_device_up')).toEqual([]);
    await server.app.upstreamOf(server.app.houses.own()).poll();
    let { samples } = await scrape();
    expect(only(samples, 'raumregler_device_up')).toEqual([
      { name: 'raumregler_device_up', labels: { device: host }, value: 1 },
    ]);
    const labels = { house_id: '1', room: 'Werkstatt', room_id: '11', floor: 'Keller' };
    expect(only(samples, 'raumregler_room_temperature_celsius')).toEqual([
      { name: 'raumregler_room_temperature_celsius', labels, value: 17.5 },
    ]);
    expect(byRoom(samples, 'raumregler_room_target_celsius').get(12)?.value).toBe(12);
    expect(only(samples, 'raumregler_room_humidity_percent').map((each) => each.value)).toEqual([
      55,
    ]);
    // valvePercent of relays 1 and 0: 50 %; the Lager has no outputs and no valve sample.
    expect(only(samples, 'raumregler_room_valve_percent')).toEqual([
      { name: 'raumregler_room_valve_percent', labels, value: 50 },
    ]);
    fake.down();
    await server.app.upstreamOf(server.app.houses.own()).poll();
    ({ samples } = await scrape());
    expect(only(samples, 'raumregler_device_up')).toEqual([
      { name: 'raumregler_device_up', labels: { device: host }, value: 0 },
    ]);
  });
});
