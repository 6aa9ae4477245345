import http from 'node:http';
import type { Floor, Room } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basic, startTestServer, type TestServer } from '../../test-support/test-server.js';

let device: TestServer;
let proxy: TestServer;
beforeEach(async () => {
  device = await startTestServer();
  proxy = await startTestServer({ config: { upstreamUrl: device.url } });
});
afterEach(async () => {
  await proxy.close();
  await device.close().catch(() => undefined);
});

const demo: [string, string] = ['demo', 'demo1234'];

describe('proxy mode (UPSTREAM_URL)', () => {
  it('forwards reads at the root and under /api, with the credentials', async () => {
    const direct = await (await device.request('/get/json/v1/1/temps/', { auth: demo })).json();
    for (const path of [
      '/api/get/json/v1/1/temps/',
      '/get/json/v1/1/temps',
      '//get/json/v1/1/temps/',
    ]) {
      const response = await proxy.request(path, { auth: demo });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual(direct);
    }
  });

  it('forwards multipart writes with form-field credentials to the device', async () => {
    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'demo1234');
    form.set('ziel', '23');
    form.set('duration', '60');
    const response = await proxy.request('/api/set/json/v1/1/ziel/1/', {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).solltemperatur).toBe(23);
    const floors = (await (
      await device.request('/get/json/v1/1/temps/', { auth: demo })
    ).json()) as Floor[];
    expect(floors[0]!.raeume[0]).toMatchObject({ solltemperatur: 23, is_temporary_mode: true });
  });

  it('forwards until unchanged, so a device that knows it ends the target then', async () => {
    // 90 minutes ahead in the device's wall time, with a duration of 60 beside it.
    const until = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Berlin',
      dateStyle: 'short',
      timeStyle: 'medium',
    })
      .format(new Date(Math.floor(Date.now() / 1000) * 1000 + 90 * 60_000))
      .replace(' ', 'T');
    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'demo1234');
    form.set('ziel', '22');
    form.set('duration', '60');
    form.set('until', until);
    const response = await proxy.request('/api/set/json/v1/1/ziel/1/', {
      method: 'POST',
      body: form,
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).mode_end_datetime).toBe(until);
  });

  it('passes the device refusals through: 401, 403, 404', async () => {
    const wrong = await proxy.request('/get/json/v1/1/temps/', { auth: ['demo', 'nope'] });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ error: 'unauthorized' });
    const readOnly = await proxy.request('/set/json/v1/1/resettemp/1/', {
      method: 'POST',
      headers: { authorization: basic('bewohner', 'bewohner1234') },
    });
    expect(readOnly.status).toBe(403);
    expect((await proxy.request('/get/json/v1/1/temps/999/', { auth: demo })).status).toBe(404);
  });

  it('refuses dot segments that would leave the device API', async () => {
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
      expect(response.status, path).toBe(400);
      expect(JSON.parse(response.body)).toMatchObject({ error: 'bad_request' });
    }
  });

  it('answers 502 upstream_unavailable when the device is down', async () => {
    await device.close();
    const response = await proxy.request('/api/get/json/v1/1/info/', { auth: demo });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ error: 'upstream_unavailable' });
  });

  it('keeps serving its own app configuration', async () => {
    const response = await proxy.request('/api/app-config');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ buildingName: 'Musterhaus' });
  });
});
