import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basic,
  demoSeed,
  manualClock,
  startTestServer,
  type TestServer,
} from '../test-support/test-server.js';

// The polled reads' fast lane (fast-reads.ts) answers from node's request listener. These tests
// hold its answers against Fastify's own for the same request (app.inject never takes the lane)
// and count, with fastReads.served(), which of the two answered.

const api = '/api/get/json/v1/1';
const demo = basic('demo', 'demo1234');
const guest = basic('gast', 'gast1234');
// The connection's own headers, and Date: the only ones that may differ.
const CONNECTION = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Answer {
  status: number;
  headers: [string, string][];
  body: string;
}

/** A GET over a real socket, the body as sent (gzip not undone). */
function get(server: TestServer, path: string, headers: Record<string, string>, method = 'GET') {
  return new Promise<Answer>((resolve, reject) => {
    const req = httpRequest(`${server.url}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!.toLowerCase();
          if (!CONNECTION.has(name)) pairs.push([name, res.rawHeaders[i + 1]!]);
        }
        resolve({
          status: res.statusCode!,
          headers: pairs.sort(),
          body: Buffer.concat(chunks).toString('base64'),
        });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** The same request through Fastify's own path. */
async function viaFastify(server: TestServer, path: string, headers: Record<string, string>) {
  const response = await server.app.inject({ method: 'GET', url: path, headers });
  const pairs = Object.entries(response.headers)
    .filter(([name]) => !CONNECTION.has(name))
    .map(([name, value]) => [name, String(value)] as [string, string]);
  return {
    status: response.statusCode,
    headers: pairs.sort(),
    body: response.rawPayload.toString('base64'),
  } satisfies Answer;
}

const clock = manualClock('2026-11-23T10:00');
let server: TestServer;

beforeAll(async () => {
  const seed = demoSeed();
  seed.users.push({
    username: 'gast',
    password: 'gast1234',
    email: 'gast@example.com',
    firstName: 'Gerd',
    lastName: 'Gast',
    access: { smart: 'no-access', pro: 'no-access' },
  });
  server = await startTestServer({ seed, now: clock.now });
});
afterAll(() => server.close());

/** The answer of a second GET, which the lane must answer (the first one rendered it). */
async function answeredByLane(path: string, headers: Record<string, string>) {
  await get(server, path, headers);
  const before = server.app.fastReads.served();
  const answer = await get(server, path, headers);
  expect(server.app.fastReads.served(), `${path} answered by the lane`).toBe(before + 1);
  return answer;
}

describe('the fast lane of the polled reads', () => {
  const paths = [
    `${api}/temps/`,
    `${api}/temps`,
    `${api}/rooms/`,
    `${api}/outs/`,
    `${api}/temps/1/`,
    `${api}/permissions/`,
    `${api}/info/`,
    '/api/user',
    '/get/json/v1/1/temps/',
    '/get/json/v1/1/permissions/',
    '/user',
  ];
  for (const path of paths) {
    for (const encoding of ['identity', 'gzip']) {
      it(`answers ${path} (${encoding}) with Fastify's very status, headers and bytes`, async () => {
        const headers = { authorization: demo, 'accept-encoding': encoding };
        const lane = await answeredByLane(path, headers);
        expect(lane.status).toBe(200);
        expect(lane).toEqual(await viaFastify(server, path, headers));
      });
    }
  }

  it('answers a client holding the current ETag with the same 304 as Fastify', async () => {
    for (const encoding of ['identity', 'gzip']) {
      const path = `${api}/temps/`;
      const first = await get(server, path, { authorization: demo, 'accept-encoding': encoding });
      const etag = first.headers.find(([name]) => name === 'etag')![1];
      const headers = { authorization: demo, 'accept-encoding': encoding, 'if-none-match': etag };
      const lane = await answeredByLane(path, headers);
      expect(lane.status).toBe(304);
      expect(lane.body).toBe('');
      expect(lane).toEqual(await viaFastify(server, path, headers));
    }
  });

  it('leaves refusals to Fastify: a wrong password, a user who may not read', async () => {
    const before = server.app.fastReads.served();
    const wrong = await get(server, `${api}/temps/`, { authorization: basic('demo', 'falsch1') });
    expect(wrong.status).toBe(401);
    // The guest's sign-in is cached after the first request; the lane still refuses to read.
    for (let i = 0; i < 2; i++) {
      expect((await get(server, `${api}/temps/`, { authorization: guest })).status).toBe(403);
      expect((await get(server, `${api}/temps/1/`, { authorization: guest })).status).toBe(403);
    }
    expect((await get(server, `${api}/temps/`, {})).status).toBe(401);
    expect(server.app.fastReads.served()).toBe(before);
    // What only needs a sign-in, the guest gets from the lane like anyone.
    expect((await answeredByLane(`${api}/permissions/`, { authorization: guest })).status).toBe(
      200,
    );
  });

  it('lets Fastify render the first request of a new second, and HEAD or a query always', async () => {
    const path = `${api}/temps/`;
    await get(server, path, { authorization: demo });
    clock.advance(1000);
    const before = server.app.fastReads.served();
    expect((await get(server, path, { authorization: demo })).status).toBe(200);
    expect(server.app.fastReads.served()).toBe(before);
    const head = await get(server, path, { authorization: demo }, 'HEAD');
    expect(head.status).toBe(200);
    expect((await get(server, `${path}?a=1`, { authorization: demo })).status).toBe(200);
    expect(server.app.fastReads.served()).toBe(before);
    expect((await get(server, path, { authorization: demo })).status).toBe(200);
    expect(server.app.fastReads.served()).toBe(before + 1);
  });

  it('shows a change at once: a write moves the data version, Fastify renders anew', async () => {
    const path = `${api}/temps/1/`;
    const stale = await answeredByLane(path, { authorization: demo });
    const form = new FormData();
    form.append('user', 'demo');
    form.append('password', 'demo1234');
    form.append('ziel', '23.5');
    form.append('duration', '120');
    const set = await fetch(`${server.url}${api.replace('/get/', '/set/')}/ziel/1/`, {
      method: 'POST',
      body: form,
    });
    expect(set.status).toBe(200);
    const before = server.app.fastReads.served();
    const fresh = await get(server, path, { authorization: demo });
    expect(server.app.fastReads.served()).toBe(before);
    expect(fresh.body).not.toBe(stale.body);
    const room = JSON.parse(Buffer.from(fresh.body, 'base64').toString()) as {
      solltemperatur: number;
    }[];
    expect(room[0]!.solltemperatur).toBe(23.5);
  });
});

describe('the fast lane off', () => {
  it('sends every request through Fastify at LOG_LEVEL=debug, so each one is logged', async () => {
    const logged = await startTestServer({
      config: { logLevel: 'debug' },
      now: manualClock('2026-11-23T10:00').now,
    });
    try {
      for (let i = 0; i < 3; i++) {
        expect((await logged.request(`${api}/temps/`, { auth: ['demo', 'demo1234'] })).status).toBe(
          200,
        );
      }
      expect(logged.app.fastReads.served()).toBe(0);
    } finally {
      await logged.close();
    }
  });

  it('once the server closes', async () => {
    const closing = await startTestServer({ now: manualClock('2026-11-23T10:00').now });
    try {
      await closing.request(`${api}/temps/`, { auth: ['demo', 'demo1234'] });
      closing.app.fastReads.stop();
      await closing.request(`${api}/temps/`, { auth: ['demo', 'demo1234'] });
      expect(closing.app.fastReads.served()).toBe(0);
    } finally {
      await closing.close();
    }
  });
});
