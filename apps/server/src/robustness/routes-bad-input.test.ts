import { gzipSync } from 'node:zlib';
import type { Floor } from '@raumregler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  basic,
  manualClock,
  startTestServer,
  type TestServer,
} from '../test-support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: manualClock('2026-11-23T10:00').now });
});
afterAll(async () => {
  await server.close();
});

const auth = basic('demo', 'demo1234');
const form = 'application/x-www-form-urlencoded';

interface Case {
  name: string;
  /** The documented answer (docs/device-api.md): status and `error` code. */
  status: number;
  error: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

const cases: Case[] = [
  {
    name: 'Basic header that is no base64',
    status: 401,
    error: 'unauthorized',
    path: '/get/json/v1/1/temps/',
    headers: { authorization: 'Basic %%%' },
  },
  {
    name: 'Basic header without colon',
    status: 401,
    error: 'unauthorized',
    path: '/get/json/v1/1/temps/',
    headers: { authorization: `Basic ${Buffer.from('demo').toString('base64')}` },
  },
  {
    name: 'broken percent-encoding in the path',
    // Fastify's own FST_ERR_BAD_URL answer before issue 17; now ours (framework-errors.ts).
    status: 400,
    error: 'bad_request',
    path: '/get/json/v1/1/temps/%E0%A4%A',
  },
  {
    name: 'house id that is no number',
    status: 404,
    error: 'not_found',
    path: '/get/json/v1/abc/temps/',
  },
  {
    name: 'room id with a sign',
    status: 400,
    error: 'bad_request',
    path: '/get/json/v1/1/temps/-1/',
  },
  {
    name: 'room id far too long',
    status: 400,
    error: 'bad_request',
    path: `/get/json/v1/1/temps/${'9'.repeat(40)}/`,
  },
  {
    name: 'write with GET',
    status: 405,
    error: 'method_not_allowed',
    path: '/set/json/v1/1/ziel/1/',
  },
  {
    name: 'read with DELETE',
    status: 405,
    error: 'method_not_allowed',
    method: 'DELETE',
    path: '/get/json/v1/1/temps/',
  },
  {
    name: 'JSON setpoint of the wrong type',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'application/json' },
    body: '{"ziel": true}',
  },
  {
    name: 'JSON setpoint as an array',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'application/json' },
    body: '{"ziel": [21]}',
  },
  {
    name: 'JSON null body',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/soll/1/',
    headers: { 'content-type': 'application/json' },
    body: 'null',
  },
  {
    name: 'JSON with __proto__',
    status: 400,
    error: 'bad_request',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'application/json' },
    body: '{"__proto__": {"x": 1}, "ziel": "21"}',
  },
  {
    name: 'JSON in another charset',
    status: 415,
    error: 'unsupported_media_type',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    body: '{"ziel":"21"}',
  },
  {
    // The last value counts (form-rules.test.ts), and here it is no number.
    name: 'a field given twice',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form },
    body: 'ziel=21&ziel=abc',
  },
  {
    name: 'setpoint with broken percent-encoding',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form },
    body: 'ziel=%E0%A4%A',
  },
  {
    name: 'gzip body that is no gzip',
    status: 400,
    error: 'bad_request',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form, 'content-encoding': 'gzip' },
    body: 'ziel=21',
  },
  {
    name: 'unknown body encoding',
    // Not in the docs (they name gzip/deflate and a broken one, 400); 415 as for an unknown
    // content type.
    status: 415,
    error: 'unsupported_media_type',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form, 'content-encoding': 'zstd-x' },
    body: 'ziel=21',
  },
  {
    name: 'multipart without boundary',
    status: 400,
    error: 'bad_request',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'multipart/form-data' },
    body: 'ziel=21',
  },
  {
    name: 'multipart field far too long',
    status: 413,
    error: 'payload_too_large',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    body: `--b\r\nContent-Disposition: form-data; name="ziel"\r\n\r\n21${' '.repeat(5000)}\r\n--b--\r\n`,
  },
  {
    name: 'too many multipart fields',
    status: 413,
    error: 'payload_too_large',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'multipart/form-data; boundary=b' },
    body: `${Array.from({ length: 30 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('')}--b--\r\n`,
  },
  {
    name: 'body larger than the limit',
    status: 413,
    error: 'payload_too_large',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': 'application/json' },
    body: `{"ziel":"${'1'.repeat(100_000)}"}`,
  },
  {
    name: 'setpoint with exponent',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form },
    body: 'ziel=2.1e1',
  },
  {
    name: 'duration negative',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/ziel/1/',
    headers: { 'content-type': form },
    body: 'ziel=21&duration=-30',
  },
  {
    name: 'betriebsart missing value',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/set/json/v1/1/rooms/1/',
    headers: { 'content-type': form },
    body: 'action=betriebsart',
  },
  // Issue 35: access tokens.
  {
    name: 'Bearer header with a token that is none',
    status: 401,
    error: 'unauthorized',
    path: '/get/json/v1/1/temps/',
    headers: { authorization: `Bearer rr_${'%'.repeat(43)}` },
  },
  {
    name: 'token created from a JSON array',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/api/tokens/',
    headers: { 'content-type': 'application/json' },
    body: '[["name","x"],["access","read"]]',
  },
  {
    name: 'token with an access of objects and a day of arrays',
    status: 400,
    error: 'validation_failed',
    method: 'POST',
    path: '/api/tokens/',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'x', access: { read: true }, expires: [1] }),
  },
  {
    // Every write's value limit (1 KiB), tokens' too.
    name: 'token with a name of 2,000 characters',
    status: 413,
    error: 'payload_too_large',
    method: 'POST',
    path: '/api/tokens/',
    headers: { 'content-type': form },
    body: `name=${'x'.repeat(2000)}&access=read`,
  },
  {
    name: 'token revoked by an id that is no number',
    status: 404,
    error: 'not_found',
    method: 'DELETE',
    path: '/api/tokens/1e3/',
  },
];

describe('malformed requests', () => {
  it.each(cases)('$name: $status $error, JSON of the contract shape', async (entry) => {
    const response = await fetch(`${server.url}${entry.path}`, {
      method: entry.method ?? 'GET',
      headers: { authorization: auth, ...entry.headers },
      ...(entry.body !== undefined ? { body: entry.body } : {}),
    });
    expect(response.status).toBe(entry.status);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.error).toBe(entry.error);
    expect(typeof body.message).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/node_modules|\.js:\d+|\.ts:\d+/);
  });

  it('leave the building unchanged', async () => {
    const response = await fetch(`${server.url}/get/json/v1/1/temps/`, {
      headers: { authorization: auth },
    });
    const living = ((await response.json()) as Floor[])[0]!.raeume[0]!;
    expect(living).toMatchObject({
      solltemperatur: 21,
      is_temporary_mode: false,
      betriebsart: 'Heating',
    });
  });

  it('accept a gzip-compressed form body', async () => {
    const response = await fetch(`${server.url}/set/json/v1/1/resettemp/1/`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': form, 'content-encoding': 'gzip' },
      body: gzipSync('x=1'),
    });
    expect(response.status).toBe(200);
  });
});
