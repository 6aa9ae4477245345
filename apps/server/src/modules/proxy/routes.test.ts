import http from 'node:http';
import type { Floor, Permissions, Room } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Config } from '../../config.js';
import {
  basic,
  demoSeed,
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { expectError } from '../../test-support/writes.js';

/** Proxy mode's device account: known to the device only, never to a caller. */
const DEVICE_USER = 'geraet-konto';
const DEVICE_PASSWORD = 'geraet-geheim-7781';
const account = { upstreamUser: DEVICE_USER, upstreamPassword: DEVICE_PASSWORD };

const demo: [string, string] = ['demo', 'demo1234'];
const bewohner: [string, string] = ['bewohner', 'bewohner1234'];

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A device like a real Controme: a GET answers whoever asks, whatever the password (public
 * clients say so); a write must carry the device account in its form fields. Every request it
 * gets is recorded, so a test sees what reached it. `refuse` makes it answer 401 to everything.
 */
async function fakeDevice() {
  const seen: Seen[] = [];
  const state = { refuse: false };
  const app: FastifyInstance = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.addHook('onRequest', async (request, reply) => {
    if (state.refuse) return reply.code(401).send({ error: 'unauthorized', user: DEVICE_USER });
  });
  app.addHook('preHandler', async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: typeof request.body === 'string' ? request.body : '',
    });
  });
  const room = { id: 1, name: 'Wohnzimmer', solltemperatur: 21 };
  app.get('/get/json/v1/1/temps/', async () => [{ id: 1, etagenname: 'EG', raeume: [room] }]);
  app.get('/get/json/v1/1/info/', async () => ({ hw: 'fake' }));
  app.get('/get/json/v1/1/sensors/', async () => [{ name: '28-1' }]);
  app.get('/get/json/v1/1/permissions/', async () => ({
    access_to_smart: 'full',
    access_to_pro: 'full',
  }));
  app.post('/set/json/v1/1/:method/:roomId/', async (request, reply) => {
    const fields = new URLSearchParams(request.body as string);
    if (fields.get('user') !== DEVICE_USER || fields.get('password') !== DEVICE_PASSWORD) {
      return reply.code(401).send({ error: 'unauthorized' });
    }
    return { ...room, solltemperatur: Number(fields.get('ziel') ?? fields.get('soll') ?? 21) };
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, seen, state };
}

/** Every answer of a test, to show none of them carries the device account. */
const answers: string[] = [];
async function remember(response: Response): Promise<Response> {
  const text = await response.clone().text();
  answers.push(`${JSON.stringify([...response.headers])}\n${text}`);
  return response;
}
const expectNoDeviceAccount = () => {
  expect(answers.length).toBeGreaterThan(0);
  for (const answer of answers) {
    expect(answer).not.toContain(DEVICE_USER);
    expect(answer).not.toContain(DEVICE_PASSWORD);
    expect(answer).not.toContain(Buffer.from(`${DEVICE_USER}:`).toString('base64').slice(0, 12));
  }
};

let device: Awaited<ReturnType<typeof fakeDevice>>;
let proxy: TestServer;
// A clock standing at a minute's start: the background poll of the device (history, alarms)
// comes a whole minute after the start, never in the middle of a test's requests.
const startProxy = async (config: Partial<Config> = {}) => {
  proxy = await startTestServer({
    config: { upstreamUrl: device.url, ...account, ...config },
    now: manualClock('2026-11-23T10:00').now,
  });
};
const ask = async (path: string, init?: Parameters<TestServer['request']>[1]) =>
  remember(await proxy.request(path, init));

beforeEach(async () => {
  answers.length = 0;
  device = await fakeDevice();
});
afterEach(async () => {
  expectNoDeviceAccount();
  await proxy?.close();
  await device.app.close();
});

describe('proxy mode (UPSTREAM_URL): our accounts sign in, the device account is forwarded', () => {
  it('answers 401 itself to a wrong, unknown or missing password, though the device would not', async () => {
    await startProxy();
    // The device answers a read whatever the password, as a real one does.
    const open = await fetch(`${device.url}/get/json/v1/1/temps/`, {
      headers: { authorization: basic('demo', 'nope') },
    });
    expect(open.status).toBe(200);
    device.seen.length = 0;

    for (const auth of [['demo', 'nope'], ['niemand', 'demo1234'], undefined] as const) {
      for (const path of [
        '/get/json/v1/1/temps/',
        '/api/get/json/v1/1/info/',
        '/api/get/json/v1/1/permissions/',
        '/api/get/json/v1/1/sensors/',
      ]) {
        const response = await ask(path, auth ? { auth: [...auth] } : {});
        await expectError(response, 401);
      }
      const write = await ask('/api/set/json/v1/1/ziel/1/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: auth ? `user=${auth[0]}&password=${auth[1]}&ziel=23` : 'ziel=23',
      });
      await expectError(write, 401);
    }
    expect(device.seen).toEqual([]);
  });

  it('forwards a read with the device account, never the caller’s credentials', async () => {
    await startProxy();
    for (const path of [
      '/api/get/json/v1/1/temps/',
      '/get/json/v1/1/temps',
      '//get/json/v1/1/temps/',
    ]) {
      const response = await ask(path, { auth: bewohner });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(((await response.json()) as Floor[])[0]!.raeume[0]!.name).toBe('Wohnzimmer');
    }
    // Another path the device knows: forwarded after the same read check.
    expect(
      (
        await ask('/api/get/json/v1/1/sensors/?user=bewohner&password=bewohner1234', {
          auth: bewohner,
        })
      ).status,
    ).toBe(200);
    expect(device.seen).toHaveLength(4);
    for (const request of device.seen) {
      expect(request.headers.authorization).toBe(basic(DEVICE_USER, DEVICE_PASSWORD));
      expect(JSON.stringify(request)).not.toContain('bewohner');
    }
  });

  it('refuses a read-only user’s write with 403 before the device hears of it', async () => {
    await startProxy();
    const response = await ask('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: bewohner,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ziel=23',
    });
    await expectError(response, 403);
    const form = new FormData();
    form.set('user', 'bewohner');
    form.set('password', 'bewohner1234');
    form.set('soll', '19');
    await expectError(await ask('/api/set/json/v1/1/soll/2/', { method: 'POST', body: form }), 403);
    expect(device.seen).toEqual([]);
  });

  it('refuses reads of a user without access, as in simulation', async () => {
    const seed = demoSeedWithGuest();
    proxy = await startTestServer({ seed, config: { upstreamUrl: device.url, ...account } });
    for (const path of ['/get/json/v1/1/temps/', '/get/json/v1/1/sensors/']) {
      await expectError(await ask(path, { auth: GUEST }), 403);
    }
    // info asks only for a sign-in, as the simulated one does.
    expect((await ask('/get/json/v1/1/info/', { auth: GUEST })).status).toBe(200);
    expect(device.seen.map((request) => request.url)).toEqual(['/get/json/v1/1/info/']);
  });

  it('forwards a full user’s write with the device account’s form fields in place of the user’s', async () => {
    await startProxy();
    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'demo1234');
    form.set('ziel', '23');
    form.set('duration', '60');
    form.set('until', '2026-11-23T12:00:00');
    const multipart = await ask('/api/set/json/v1/1/ziel/1/', { method: 'POST', body: form });
    expect(multipart.status).toBe(200);
    expect(((await multipart.json()) as Room).solltemperatur).toBe(23);
    const urlencoded = await ask('/set/json/v1/1/soll/1/', {
      method: 'POST',
      auth: ['verwalter', 'verwalter1234'],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'soll=19.5',
    });
    expect(urlencoded.status).toBe(200);

    expect(device.seen).toHaveLength(2);
    const [ziel, soll] = device.seen;
    for (const request of [ziel!, soll!]) {
      expect(request.method).toBe('POST');
      expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(request.headers.authorization).toBeUndefined();
      const fields = new URLSearchParams(request.body);
      expect(fields.getAll('user')).toEqual([DEVICE_USER]);
      expect(fields.getAll('password')).toEqual([DEVICE_PASSWORD]);
      expect(request.body).not.toMatch(/demo|verwalter/);
    }
    expect(Object.fromEntries(new URLSearchParams(ziel!.body))).toMatchObject({
      ziel: '23',
      duration: '60',
      until: '2026-11-23T12:00:00',
    });
    expect(new URLSearchParams(soll!.body).get('soll')).toBe('19.5');
  });

  it('parses a write’s body as the simulated writes do: 413, 415, and nothing forwarded', async () => {
    await startProxy();
    const big = await ask('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `ziel=23&note=${'x'.repeat(20_000)}`,
    });
    await expectError(big, 413);
    const text = await ask('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'text/plain' },
      body: 'ziel=23',
    });
    await expectError(text, 415);
    // Only the writes the simulation knows: another method is not the device account's to do.
    await expectError(await ask('/set/json/v1/1/reboot/1/', { method: 'POST', auth: demo }), 404);
    expect(device.seen).toEqual([]);
  });

  it('answers a read asked with POST, or a write with GET, 405 as in simulation', async () => {
    await startProxy();
    const post = await ask('/get/json/v1/1/temps/', { method: 'POST', auth: demo });
    await expectError(post, 405);
    const get = await ask('/api/set/json/v1/1/ziel/1/', { auth: demo });
    await expectError(get, 405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(device.seen).toEqual([]);
  });

  it('answers permissions/ and /user from our user, without asking the device', async () => {
    await startProxy();
    for (const path of ['/get/json/v1/1/permissions/', '/api/get/json/v1/1/permissions']) {
      const response = await ask(path, { auth: bewohner });
      expect(response.status).toBe(200);
      expect((await response.json()) as Permissions).toMatchObject({
        access_to_smart: 'read',
        access_to_pro: 'read',
        can_make_temporary_changes: false,
      });
    }
    const user = await ask('/api/user', { auth: bewohner });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      username: 'bewohner',
      email: 'bewohner@example.com',
    });
    expect(device.seen).toEqual([]);
  });

  it('ANONYMOUS_READ opens the reads it opens in simulation, and checks credentials that are sent', async () => {
    await startProxy({ anonymousRead: true });
    expect((await ask('/get/json/v1/1/temps/')).status).toBe(200);
    expect((await ask('/get/json/v1/1/info/')).status).toBe(200);
    await expectError(await ask('/get/json/v1/1/temps/', { auth: ['demo', 'nope'] }), 401);
    await expectError(await ask('/get/json/v1/1/permissions/'), 401);
    await expectError(await ask('/get/json/v1/1/sensors/'), 401);
    expect(device.seen.map((request) => request.url)).toEqual([
      '/get/json/v1/1/temps/',
      '/get/json/v1/1/info/',
    ]);
  });

  it('answers 502 when the device refuses the device account, without passing on its answer', async () => {
    await startProxy();
    device.state.refuse = true;
    const read = await ask('/get/json/v1/1/temps/', { auth: demo });
    expect(await expectError(read, 502)).toMatchObject({ error: 'upstream_unavailable' });
    expect(read.headers.get('www-authenticate')).toBeNull();
    const write = await ask('/set/json/v1/1/resettemp/1/', { method: 'POST', auth: demo });
    await expectError(write, 502);
  });

  it('refuses dot segments that would leave the device API', async () => {
    await startProxy();
    // Raw requests: fetch would resolve the dot segments before sending.
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(proxy.url);
        const request = http.get({
          hostname,
          port,
          path,
          headers: { authorization: basic(...demo) },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
      });
    for (const path of ['/get/json/v1/../../app-config', '/api/set/json/v1/1/%2e%2e/%2E%2E/x']) {
      const response = await raw(path);
      answers.push(response.body);
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ error: 'bad_request' });
    }
    expect(device.seen).toEqual([]);
  });

  it('answers 502 upstream_unavailable when the device is down', async () => {
    await startProxy();
    await device.app.close();
    const response = await ask('/api/get/json/v1/1/info/', { auth: demo });
    expect(await expectError(response, 502)).toMatchObject({ error: 'upstream_unavailable' });
  });

  it('keeps serving its own app configuration, without a demo login', async () => {
    await startProxy();
    const response = await ask('/api/app-config');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ buildingName: 'Musterhaus', demoLogin: null });
  });
});

describe('proxy mode against our own server as the device', () => {
  let realDevice: TestServer;
  afterEach(async () => {
    await realDevice.close();
  });

  it('changes the room at the device as the device account, while our log names our user', async () => {
    // The device knows only its own account and answers reads without credentials.
    const seed = demoSeed();
    seed.users = [
      {
        username: DEVICE_USER,
        email: '',
        password: DEVICE_PASSWORD,
        firstName: '',
        lastName: '',
        access: { smart: 'full', pro: 'full' },
      },
    ];
    realDevice = await startTestServer({ seed, config: { anonymousRead: true } });
    proxy = await startTestServer({ config: { upstreamUrl: realDevice.url, ...account } });
    const direct = await (await realDevice.request('/get/json/v1/1/temps/')).json();
    expect(await (await ask('/api/get/json/v1/1/temps/', { auth: demo })).json()).toEqual(direct);

    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'demo1234');
    form.set('ziel', '23');
    const written = await ask('/api/set/json/v1/1/ziel/1/', { method: 'POST', body: form });
    expect(written.status).toBe(200);
    const floors = (await (await realDevice.request('/get/json/v1/1/temps/')).json()) as Floor[];
    expect(floors[0]!.raeume[0]).toMatchObject({ solltemperatur: 23, is_temporary_mode: true });

    const deviceLog = await realDevice.request('/api/audit/', {
      auth: [DEVICE_USER, DEVICE_PASSWORD],
    });
    expect(await deviceLog.json()).toMatchObject({
      entries: [{ user: DEVICE_USER, action: 'ziel' }],
    });
    const ourLog = await ask('/api/audit/', { auth: demo });
    expect(await ourLog.json()).toMatchObject({ entries: [{ user: 'demo', action: 'ziel' }] });
  });
});
