import type { Floor, FloorOutputs, FloorRooms, Permissions, Room } from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../../config.js';
import {
  demoSeed,
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';

const clock = manualClock('2026-11-23T10:00');
let server: TestServer | undefined;
const start = async (config: Partial<Config> = {}) => {
  server = await startTestServer({ now: clock.now, config });
  return server;
};
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const demo: [string, string] = ['demo', 'demo1234'];

describe('GET temps', () => {
  it('shapes every room with numbers as numbers, sensors and schedule fields', async () => {
    const { request } = await start();
    const floors = (await (
      await request('/get/json/v1/1/temps/', { auth: demo })
    ).json()) as Floor[];
    const living = floors[0]!.raeume[0]!;
    expect(living).toEqual({
      id: 1,
      name: 'Wohnzimmer',
      temperatur: 20.5,
      solltemperatur: 21,
      perm_solltemperatur: 21,
      total_offset: 0,
      offsets: {},
      sensoren: [
        {
          name: expect.any(String) as string,
          beschreibung: expect.stringContaining('Wohnzimmer') as string,
          wert: 20.5,
          letzte_uebertragung: '23.11.2026 10:00',
          raumtemperatursensor: true,
        },
      ],
      luftfeuchte: 45,
      betriebsart: 'Heating',
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
      absent_until: null,
      after_temporary_temperature: null,
      limits: null,
    });
    const guestWc = floors[0]!.raeume.find((room) => room.name === 'Gäste-WC')!;
    expect(guestWc).toMatchObject({ temperatur: null, sensoren: [] });
  });

  it('answers one room as a one-element array; unknown 404, not a number 400', async () => {
    const { request } = await start();
    const response = await request('/api/get/json/v1/1/temps/2', { auth: demo });
    const rooms = (await response.json()) as Room[];
    expect(rooms).toHaveLength(1);
    expect(rooms[0]).toMatchObject({ id: 2, name: 'Küche' });
    expect((await request('/get/json/v1/1/temps/999/', { auth: demo })).status).toBe(404);
    const bad = await request('/get/json/v1/1/temps/k%C3%BCche/', { auth: demo });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'bad_request' });
  });
});

describe('answers within one second', () => {
  it('show a write at once, though polled answers are shared within a second', async () => {
    const { request } = await start();
    const living = async () =>
      ((await (await request('/get/json/v1/1/temps/', { auth: demo })).json()) as Floor[])[0]!
        .raeume[0]!;
    expect((await living()).is_temporary_mode).toBe(false);
    await request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ziel=23&duration=10',
    });
    expect(await living()).toMatchObject({ is_temporary_mode: true, solltemperatur: 23 });
    clock.advance(1000);
    expect((await living()).remaining_time).toBe(599);
  });

  it('show a write at once in the one-room answer too, and count its time down', async () => {
    const { request } = await start();
    const kitchen = async (path = '/get/json/v1/1/temps/2/') =>
      ((await (await request(path, { auth: demo })).json()) as Room[])[0]!;
    expect(await kitchen()).toMatchObject({ id: 2, is_temporary_mode: false });
    await request('/set/json/v1/1/ziel/2/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ziel=24.5&duration=10',
    });
    // Another spelling of the same id gets the same fresh answer.
    for (const path of ['/get/json/v1/1/temps/2/', '/api/get/json/v1/1/temps/02'])
      expect(await kitchen(path)).toMatchObject({
        id: 2,
        is_temporary_mode: true,
        solltemperatur: 24.5,
      });
    clock.advance(1000);
    expect((await kitchen()).remaining_time).toBe(599);
  });

  it('show a simulation step at once, within the same second', async () => {
    const { request, app } = await start({ simSpeed: 3_600 });
    // PostgreSQL: the simulation starts once this node holds the building's lease (it then
    // simulates from that instant on).
    while (!app.background.running(1)) await new Promise((resolve) => setTimeout(resolve, 20));
    const temperature = async () =>
      ((await (await request('/get/json/v1/1/temps/', { auth: demo })).json()) as Floor[])[0]!
        .raeume[0]!.temperatur;
    clock.advance(5_000);
    const before = await temperature();
    // The same instant: only the data version tells the cached answer that it is stale.
    await app.simulate();
    const after = Math.round(app.houses.own().building.findRoom(1)!.temperature! * 10) / 10;
    expect(after).not.toBe(before);
    expect(await temperature()).toBe(after);
  });
});

describe('compression', () => {
  it('sends the polled list gzipped to clients that take it, the same JSON inside', async () => {
    const { url } = await start();
    const headers = { authorization: `Basic ${Buffer.from('demo:demo1234').toString('base64')}` };
    const plain = await fetch(`${url}/get/json/v1/1/temps/`, {
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const zipped = await fetch(`${url}/get/json/v1/1/temps/`, {
      headers: { ...headers, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(await zipped.json()).toEqual(await plain.json());
  });

  it('answers 304 without a body while the list is unchanged, 200 once it changed', async () => {
    const { url, request } = await start();
    const auth = `Basic ${Buffer.from('demo:demo1234').toString('base64')}`;
    const get = (headers: Record<string, string>) =>
      fetch(`${url}/get/json/v1/1/temps/`, { headers: { authorization: auth, ...headers } });
    const plain = await get({ 'accept-encoding': 'identity' });
    const zipped = await get({ 'accept-encoding': 'gzip' });
    const etag = plain.headers.get('etag')!;
    const gzipEtag = zipped.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    // One validator per encoding: a cached gzip copy never answers for the plain bytes.
    expect(gzipEtag).not.toBe(etag);
    expect(Number(plain.headers.get('content-length'))).toBe(
      (await plain.arrayBuffer()).byteLength,
    );
    await zipped.arrayBuffer();

    const unchanged = await get({ 'accept-encoding': 'identity', 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('etag')).toBe(etag);
    const zippedUnchanged = await get({ 'accept-encoding': 'gzip', 'if-none-match': gzipEtag });
    expect(zippedUnchanged.status).toBe(304);
    expect((await get({ 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(200);

    const write = await request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      body: new URLSearchParams({ ziel: '23', duration: '60' }),
    });
    expect(write.status).toBe(200);
    const changed = await get({ 'accept-encoding': 'identity', 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const floors = (await changed.json()) as Floor[];
    expect(floors[0]!.raeume[0]).toMatchObject({ solltemperatur: 23 });
  });
});

describe('GET rooms, outs, permissions', () => {
  it('lists room names per floor', async () => {
    const { request } = await start();
    const floors = (await (
      await request('/get/json/v1/1/rooms/', { auth: demo })
    ).json()) as FloorRooms[];
    expect(floors[1]).toMatchObject({ etagenname: 'OG' });
    expect(floors[0]!.raeume[1]).toEqual({ id: 2, name: 'Küche' });
  });

  it('shows each room valve as output 1, open or shut', async () => {
    const { request } = await start();
    const floors = (await (
      await request('/get/json/v1/1/outs/', { auth: demo })
    ).json()) as FloorOutputs[];
    // Every room of the building, floor by floor, and nothing else: an empty list fails here.
    const seeded = demoSeed().floors;
    expect(floors.map((floor) => floor.raeume.map(({ id, name }) => ({ id, name })))).toEqual(
      seeded.map((floor) => floor.rooms.map(({ id, name }) => ({ id, name }))),
    );
    const rooms = floors.flatMap((floor) => floor.raeume);
    expect(rooms).toHaveLength(7);
    for (const room of rooms) {
      // The simulation is frozen (SIM_SPEED 0), so every valve is still shut as seeded; the
      // simulation's tests watch them open.
      expect(room.ausgang, room.name).toEqual({ '1': 0 });
    }
  });

  it("answers the signed-in user's own permissions", async () => {
    const { request } = await start();
    const own = async (auth: [string, string]) =>
      (await (await request('/get/json/v1/1/permissions/', { auth })).json()) as Permissions;
    // Beside the spec's access per area, whether writes are allowed, as Home Assistant's
    // integrations read it (they assume yes when the fields are missing).
    expect(await own(['techniker', 'techniker1234'])).toEqual({
      access_to_smart: 'no-access',
      access_to_pro: 'full',
      can_make_temporary_changes: true,
      can_make_permanent_changes: true,
      // Ours (issue 34): the whole building, without a time limit.
      floors: [],
      rooms: [],
      valid_from: null,
      valid_until: null,
    });
    expect(await own(['verwalter', 'verwalter1234'])).toMatchObject({
      can_make_temporary_changes: true,
      can_make_permanent_changes: true,
    });
    expect(await own(['bewohner', 'bewohner1234'])).toEqual({
      access_to_smart: 'read',
      access_to_pro: 'read',
      can_make_temporary_changes: false,
      can_make_permanent_changes: false,
      floors: [],
      rooms: [],
      valid_from: null,
      valid_until: null,
    });
    // The same rule refuses the read-only user's write.
    const write = await request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: ['bewohner', 'bewohner1234'],
      body: new URLSearchParams({ ziel: '21' }),
    });
    expect(write.status).toBe(403);
  });
});

describe('a user with no access in both areas', () => {
  const gast = GUEST;
  const withGuest = (config: Partial<Config> = {}) => {
    return startTestServer({ now: clock.now, seed: demoSeedWithGuest(), config }).then(
      (started) => {
        server = started;
        return started;
      },
    );
  };
  const data = ['temps/', 'temps/1/', 'rooms/', 'outs/'];

  it('is refused the building data (403, our error shape) at / and /api, twice in a row', async () => {
    const { request } = await withGuest();
    for (const prefix of ['', '/api']) {
      for (const method of data) {
        const path = `${prefix}/get/json/v1/1/${method}`;
        // The second ask is served by the sign-in cache: it must be refused all the same.
        for (const attempt of [1, 2]) {
          const response = await request(path, { auth: gast });
          expect(response.status, `${path} #${attempt}`).toBe(403);
          expect(await response.json(), path).toEqual({
            error: 'forbidden',
            message: 'You may not see this building.',
          });
        }
      }
    }
  });

  it('still gets info, permissions and /user, so the app can sign in and explain', async () => {
    const { request } = await withGuest();
    for (const path of ['/get/json/v1/1/info/', '/api/get/json/v1/1/permissions/', '/api/user']) {
      expect((await request(path, { auth: gast })).status, path).toBe(200);
    }
    // Any access in one area reads: the technician (SMART no-access, PRO full) sees temps.
    const tech = await request('/get/json/v1/1/temps/', { auth: ['techniker', 'techniker1234'] });
    expect(tech.status).toBe(200);
  });

  it('reads with ANONYMOUS_READ, as anyone may then', async () => {
    const { request } = await withGuest({ anonymousRead: true });
    expect((await request('/get/json/v1/1/temps/')).status).toBe(200);
    expect((await request('/get/json/v1/1/temps/', { auth: gast })).status).toBe(200);
    // A wrong password is still refused.
    expect((await request('/get/json/v1/1/temps/', { auth: ['gast', 'falsch'] })).status).toBe(401);
  });
});

describe('house ids', () => {
  it('answers 404 JSON to another house id, for reads and writes', async () => {
    const { request } = await start();
    for (const [method, path] of [
      ['GET', '/get/json/v1/2/temps/'],
      ['GET', '/api/get/json/v1/7/info'],
      ['POST', '/set/json/v1/2/ziel/1/'],
    ] as const) {
      const response = await request(path, { method, auth: demo });
      expect(response.status, path).toBe(404);
      expect(await response.json()).toMatchObject({
        error: 'not_found',
        message: expect.stringContaining('house') as string,
      });
    }
  });

  it('serves the configured house id', async () => {
    const { request } = await start({ houseId: 5 });
    expect((await request('/get/json/v1/5/info/', { auth: demo })).status).toBe(200);
    expect((await request('/get/json/v1/1/info/', { auth: demo })).status).toBe(404);
  });
});

describe('ANONYMOUS_READ', () => {
  it('is off by default: reads need credentials', async () => {
    const { request } = await start();
    expect((await request('/get/json/v1/1/temps/')).status).toBe(401);
  });

  it('lets tools read info, temps, rooms and outs without credentials, but nothing else', async () => {
    const { request } = await start({ anonymousRead: true });
    for (const method of ['info', 'temps', 'temps/1', 'rooms', 'outs']) {
      expect((await request(`/get/json/v1/1/${method}/`)).status, method).toBe(200);
    }
    expect((await request('/get/json/v1/1/permissions/')).status).toBe(401);
    expect((await request('/set/json/v1/1/resettemp/1/', { method: 'POST' })).status).toBe(401);
    expect((await request('/get/json/v1/1/temps/', { auth: ['demo', 'wrong'] })).status).toBe(401);
  });
});
