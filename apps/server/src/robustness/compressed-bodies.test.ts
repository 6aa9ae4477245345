import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startTestServer, type TestServer } from '../test-support/test-server.js';

// Issue 17, 1: a multipart body with Content-Encoding was never answered (the decoded stream
// was left paused). Every body type is decoded alike; each request must be answered quickly.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const auth = basic('demo', 'demo1234');
const multipart = (fields: Record<string, string>) =>
  `${Object.entries(fields)
    .map(
      ([name, value]) =>
        `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('')}--b--\r\n`;
const encoders = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

describe('a compressed multipart body', () => {
  it.each(['', '/api'])('is decoded on a write (%s)', async (prefix) => {
    for (const [encoding, encode] of Object.entries(encoders)) {
      const response = await fetch(`${server.url}${prefix}/set/json/v1/1/ziel/1/`, {
        method: 'POST',
        headers: {
          authorization: auth,
          'content-type': 'multipart/form-data; boundary=b',
          'content-encoding': encoding,
        },
        body: encode(multipart({ ziel: '22.5', duration: '30' })),
        signal: AbortSignal.timeout(3000),
      });
      expect(response.status, encoding).toBe(200);
      expect(((await response.json()) as { solltemperatur: number }).solltemperatur).toBe(22.5);
    }
  });

  it.each(['', '/api'])('is decoded on an account call (%s)', async (prefix) => {
    const response = await fetch(`${server.url}${prefix}/forgot-password`, {
      method: 'POST',
      headers: {
        'content-type': 'multipart/form-data; boundary=b',
        'content-encoding': 'gzip',
      },
      body: gzipSync(multipart({ email: 'nobody@example.com' })),
      signal: AbortSignal.timeout(3000),
    });
    expect(response.status).toBe(200);
  });

  it('that is no gzip at all is answered 400 in the contract shape', async () => {
    const response = await fetch(`${server.url}/set/json/v1/1/ziel/1/`, {
      method: 'POST',
      headers: {
        authorization: auth,
        'content-type': 'multipart/form-data; boundary=b',
        'content-encoding': 'gzip',
      },
      body: multipart({ ziel: '22.5' }),
      signal: AbortSignal.timeout(3000),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'bad_request' });
  });
});
