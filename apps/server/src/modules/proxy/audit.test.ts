import type { AuditEntry, AuditResponse } from '@raumregler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSeed, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo } from '../../test-support/writes.js';

let device: TestServer;
let proxy: TestServer;
beforeAll(async () => {
  // The device knows only the device account: our users never sign in there.
  const seed = demoSeed();
  seed.users = [
    {
      username: 'geraet',
      email: '',
      password: 'geraet-pw-1',
      firstName: '',
      lastName: '',
      access: { smart: 'full', pro: 'full' },
    },
  ];
  device = await startTestServer({ seed, config: { anonymousRead: true } });
  proxy = await startTestServer({
    config: { upstreamUrl: device.url, upstreamUser: 'geraet', upstreamPassword: 'geraet-pw-1' },
  });
});
afterAll(async () => {
  await proxy.close();
  await device.close();
});

async function proxyEntries(): Promise<AuditEntry[]> {
  const response = await proxy.request('/api/audit/', { auth: demo });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries;
}

describe('proxy mode: the audit log covers the writes passing through', () => {
  it('records a write once the device answered 2xx, naming our user of the form or the Basic header', async () => {
    const form = new FormData();
    form.set('user', 'demo');
    form.set('password', 'demo1234');
    form.set('ziel', '23,5');
    form.set('duration', '90');
    const written = await proxy.request('/api/set/json/v1/1/ziel/1/', {
      method: 'POST',
      body: form,
      headers: { 'X-Raumregler-Client': 'web' },
    });
    expect(written.status).toBe(200);
    expect(await proxyEntries()).toMatchObject([
      {
        user: 'demo',
        room: 1,
        room_name: 'Wohnzimmer',
        floor: null,
        action: 'ziel',
        before: null,
        after: { target: 23.5, temporary: true },
        duration_minutes: 90,
        source: 'app',
      },
    ]);

    const soll = await proxy.request('/set/json/v1/1/soll/2/', {
      method: 'POST',
      auth: ['verwalter', 'verwalter1234'],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'soll=19',
    });
    expect(soll.status).toBe(200);
    expect((await proxyEntries())[0]).toMatchObject({
      user: 'verwalter',
      room: 2,
      action: 'soll',
      after: { target: 19, temporary: false },
      source: 'api',
    });
  });

  it('records nothing for a write we or the device refused, nor for reads', async () => {
    const before = (await proxyEntries()).length;
    const refused = await proxy.request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ziel=99',
    });
    expect(refused.status).toBe(400);
    const readOnly = await proxy.request('/set/json/v1/1/resettemp/1/', {
      method: 'POST',
      auth: ['bewohner', 'bewohner1234'],
    });
    expect(readOnly.status).toBe(403);
    expect((await proxy.request('/get/json/v1/1/temps/', { auth: demo })).status).toBe(200);
    // The positive signal: the next accepted write is the only new entry.
    const reset = await proxy.request('/set/json/v1/1/resettemp/1/', {
      method: 'POST',
      auth: demo,
    });
    expect(reset.status).toBe(200);
    const after = await proxyEntries();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ action: 'resettemp', after: { temporary: false } });
  });
});
