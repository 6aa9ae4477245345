import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type ProbeAnswer } from '../test-support/http-probe.js';
import { basic, startTestServer, type TestServer } from '../test-support/test-server.js';

// Issue 17, 4 and 6: answers Fastify or node gave on their own (a malformed URL, an unknown
// method, no Host, a wrong method on a known path) now carry the security headers and the
// contract's `{error, message}` shape, and echo nothing of the request.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const auth = basic('demo', 'demo1234');

function expectOurs(answer: ProbeAnswer | null, status: number, error: string) {
  expect(answer).not.toBeNull();
  expect(answer!.status).toBe(status);
  expect(answer!.headers['x-content-type-options']).toBe('nosniff');
  expect(answer!.headers['content-security-policy']).toContain("default-src 'none'");
  expect(answer!.headers['x-frame-options']).toBe('DENY');
  expect(answer!.contentType).toMatch(/^application\/json/);
  const body = JSON.parse(answer!.body) as Record<string, unknown>;
  expect(body).toEqual({ error, message: expect.any(String) });
  return body;
}

const raw = (text: string) => sendRaw(server.url, Buffer.from(text, 'latin1'));

describe('framework-level errors', () => {
  it('a malformed URL: 400 bad_request, the path not echoed', async () => {
    const answer = await raw(
      `GET /get/json/v1/1/temps/%zz/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`,
    );
    const body = expectOurs(answer, 400, 'bad_request');
    expect(JSON.stringify(body)).not.toContain('%zz');
  });

  it('an unknown method token: 400 bad_request', async () => {
    const answer = await raw('FOO /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\n\r\n');
    expectOurs(answer, 400, 'bad_request');
  });

  it('a method node knows but no route takes (PROPFIND): 405 with Allow', async () => {
    const answer = await raw(
      'PROPFIND /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expectOurs(answer, 405, 'method_not_allowed');
    expect(answer!.headers.allow).toBe('GET, HEAD');
  });

  it('HTTP/1.1 without Host: 400 bad_request', async () => {
    const answer = await raw(
      `GET /get/json/v1/1/temps/ HTTP/1.1\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`,
    );
    expectOurs(answer, 400, 'bad_request');
  });

  it('two Host headers: 400 bad_request (RFC 9112), whichever their values', async () => {
    for (const hosts of ['Host: x\r\nHost: y', 'Host: x\r\nhost: x', 'HOST: a\r\nHost: b']) {
      const answer = await raw(
        `GET /get/json/v1/1/temps/ HTTP/1.1\r\n${hosts}\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`,
      );
      const body = expectOurs(answer, 400, 'bad_request');
      expect(JSON.stringify(body), hosts).not.toMatch(/"[xyab]"/);
    }
    // One Host stays fine.
    const one = await raw(
      `GET /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nConnection: close\r\n\r\n`,
    );
    expect(one?.status).toBe(200);
  });

  it('headers larger than node takes: 431 headers_too_large', async () => {
    const answer = await raw(
      `GET /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectOurs(answer, 431, 'headers_too_large');
  });
});

describe('a wrong method on a known path', () => {
  it.each([
    ['PUT', '/set/json/v1/1/ziel/1/', 'POST'],
    ['DELETE', '/api/set/json/v1/1/soll/1', 'POST'],
    ['PATCH', '/set/json/v1/1/rooms/1/', 'POST'],
    ['PUT', '/forgot-password', 'POST'],
    ['DELETE', '/get/json/v1/1/temps/', 'GET, HEAD'],
    ['POST', '/api/user', 'GET, HEAD'],
  ])('%s %s: 405, Allow %s, before the body is read', async (method, path, allow) => {
    for (const body of [undefined, 'ziel=22', '<xml/>']) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: {
          authorization: auth,
          ...(body
            ? {
                'content-type': body.startsWith('<')
                  ? 'text/xml'
                  : 'application/x-www-form-urlencoded',
              }
            : {}),
        },
        ...(body ? { body } : {}),
      });
      expect(response.status, `${method} with ${body ?? 'no body'}`).toBe(405);
      expect(response.headers.get('allow')).toBe(allow);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.json()).toEqual({
        error: 'method_not_allowed',
        message: expect.any(String),
      });
    }
  });

  it('an unknown path still answers 404', async () => {
    const response = await fetch(`${server.url}/set/json/v1/1/unknown/1/`, { method: 'PUT' });
    expect(response.status).toBe(404);
  });
});

describe('a client that stops sending', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({
      timeouts: { headers: 300, request: 600, idle: 5_000, checkEvery: 100 },
    });
  });
  afterAll(async () => {
    await slow.close();
  });

  /** Sends `text`, never the rest, and collects whatever comes back until the server closes. */
  function stall(text: string): Promise<{ answer: string; ms: number }> {
    const url = new URL(slow.url);
    const started = Date.now();
    return new Promise((resolve, reject) => {
      const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve({ answer, ms: Date.now() - started }));
      setTimeout(() => {
        socket.destroy();
        reject(new Error('still open after 5 s'));
      }, 5_000).unref();
    });
  }

  it('is cut off half-way through its body with 408 request_timeout', async () => {
    const { answer, ms } = await stall(
      `POST /set/json/v1/1/ziel/1/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n` +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nziel=2',
    );
    expect(ms).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(answer).toContain('"error":"request_timeout"');
  });

  it('is cut off half-way through its headers (slowloris)', async () => {
    const { answer, ms } = await stall('GET /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\nX-A: 1');
    expect(ms).toBeLessThan(2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe("Fastify's own refusals", () => {
  it('quote nothing of the request (an unknown Content-Encoding)', async () => {
    const response = await fetch(`${server.url}/set/json/v1/1/ziel/1/`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'application/x-www-form-urlencoded',
        'content-encoding': 'x-evil-marker',
      },
      body: 'ziel=22',
    });
    expect(response.status).toBe(415);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: 'unsupported_media_type',
      message: expect.any(String),
    });
    expect(text).not.toContain('x-evil-marker');
  });
});
