import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, startTestServer, type TestServer } from '../test-support/test-server.js';

// Issue 17, 7: answers that need credentials carry an ETag but could be kept by a shared
// cache; they are `private, no-cache`, and a client holding the ETag still gets a cheap 304.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const auth = { authorization: basic('demo', 'demo1234') };

describe('Cache-Control on credentialed answers', () => {
  it.each([
    '/get/json/v1/1/temps/',
    '/get/json/v1/1/temps/1/',
    '/get/json/v1/1/rooms/',
    '/get/json/v1/1/outs/',
    '/get/json/v1/1/permissions/',
    '/user',
    '/api/get/json/v1/1/temps/',
    '/api/user',
  ])('%s: private, no-cache', async (path) => {
    const response = await fetch(`${server.url}${path}`, { headers: auth });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('a poll with the ETag still gets 304, also private, no-cache', async () => {
    const first = await fetch(`${server.url}/get/json/v1/1/temps/`, { headers: auth });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.url}/get/json/v1/1/temps/`, {
      headers: { ...auth, 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('private, no-cache');
  });
});
