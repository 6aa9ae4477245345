import http from 'node:http';
import type { Floor, Permissions, Room } from '@raumregler/contract';
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
import {
  DEVICE_PASSWORD,
  DEVICE_USER,
  fakeControme,
  type FakeControme,
} from '../../test-support/fake-controme.js';
import { expectError } from '../../test-support/writes.js';

const account = { upstreamUser: DEVICE_USER, upstreamPassword: DEVICE_PASSWORD };

const demo: [string, string] = ['demo', 'demo1234'];
const bewohner: [string, string] = ['bewohner', 'bewohner1234'];

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

let device: FakeControme;
let proxy: TestServer;
// A clock standing at a minute's start: the background poll of the device (history, alarms)
// comes a whole minute after the start, never in the middle of a test's requests.
/** Everything the proxy logged (at debug), to show the device account never reaches a log. */
const logged: string[] = [];
const startProxy = async (config: Partial<Config> = {}, readBackRetryMs: number | null = 20) => {
  proxy = await startTestServer({
    config: { upstreamUrl: device.url, ...account, logLevel: 'debug', ...config },
    now: manualClock('2026-11-23T10:00').now,
    // The second read-back after 20 ms, not 2 s; one test below waits the real 2 s.
    ...(readBackRetryMs === null ? {} : { readBackRetryMs }),
    logStream: { write: (line) => void logged.push(line) },
  });
};
const ask = async (path: string, init?: Parameters<TestServer['request']>[1]) =>
  remember(await proxy.request(path, init));

beforeEach(async () => {
  answers.length = 0;
  logged.length = 0;
  device = await fakeControme();
});
afterEach(async () => {
  expectNoDeviceAccount();
  for (const line of logged) {
    expect(line).not.toContain(DEVICE_USER);
    expect(line).not.toContain(DEVICE_PASSWORD);
  }
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

    const posts = device.seen.filter((request) => request.method === 'POST');
    expect(posts).toHaveLength(2);
    const [ziel, soll] = posts;
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

/** A refusal page as a Controme device (Django) sends one, with its reason in the title. */
const refusalPage = (title: string, heading = 'Fehler') =>
  `<!DOCTYPE html>\n<html lang="de"><head><meta charset="utf-8"><title>${title}</title>` +
  `<style>h1 { color: red }</style></head><body><h1>${heading}</h1>` +
  `<p>${'Details zur Anfrage. '.repeat(200)}</p><script>var x = "<title>nope</title>";</script>` +
  `</body></html>`;

const zielForm = (ziel: string) => {
  const form = new FormData();
  form.set('user', 'demo');
  form.set('password', 'demo1234');
  form.set('ziel', ziel);
  form.set('duration', '60');
  return form;
};
const writeZiel = (roomId: number, ziel: string) =>
  ask(`/api/set/json/v1/1/ziel/${roomId}/`, { method: 'POST', body: zielForm(ziel) });
const writeSoll = (roomId: number, soll: string) =>
  ask(`/set/json/v1/1/soll/${roomId}/`, {
    method: 'POST',
    auth: demo,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `soll=${soll}`,
  });
const auditEntries = async () =>
  ((await (await ask('/api/audit/', { auth: demo })).json()) as { entries: unknown[] }).entries;
const readBacks = (roomId: number) =>
  device.seen.filter(
    (request) => request.method === 'GET' && request.url.includes(`temps/${roomId}/`),
  );

describe('proxy mode: writes as a real device answers them (issue 33)', () => {
  it('answers a refused write 502 device_refused with the page’s title, never the page', async () => {
    await startProxy();
    device.state.refusal = {
      status: 200,
      html: refusalPage(
        'Sollwert au&szlig;erhalb der Grenzen &amp; &#8222;gesperrt&#8220;\n   (Raum 1)',
      ),
    };
    const response = await writeZiel(1, '23');
    const body = await expectError(response, 502);
    expect(body).toEqual({
      error: 'device_refused',
      message: 'Sollwert außerhalb der Grenzen & „gesperrt“ (Raum 1)',
    });
    // No read-back of a refused write, no audit entry, no HTML in the answer.
    expect(readBacks(1)).toEqual([]);
    expect(await auditEntries()).toEqual([]);
    expect(answers.join('\n')).not.toMatch(/<html|<title|Details zur Anfrage/);

    // A 500 page alike; its reason is the first heading when the title is empty.
    device.state.refusal = { status: 500, html: refusalPage('', 'Raum ist <em>gesperrt</em>') };
    expect(await expectError(await writeSoll(1, '19'), 502)).toEqual({
      error: 'device_refused',
      message: 'Raum ist gesperrt',
    });
  });

  it('cuts a long reason to 200 characters, says so when the page names none, and never quotes the device account', async () => {
    await startProxy();
    device.state.refusal = { status: 200, html: refusalPage('Zu lang '.repeat(60)) };
    const long = (await expectError(await writeZiel(1, '23'), 502)) as { message: string };
    expect(long.message).toHaveLength(200);
    expect(long.message.endsWith('…')).toBe(true);

    device.state.refusal = {
      status: 503,
      html: `<html><body><p>${'x'.repeat(500)}</p></body></html>`,
    };
    expect(await expectError(await writeZiel(1, '23'), 502)).toEqual({
      error: 'device_refused',
      message: 'The heating controller refused the change without giving a reason.',
    });

    // A Django debug page may quote the form it got: the device account stays ours.
    device.state.refusal = {
      status: 200,
      html: refusalPage(`MultiValueDictKeyError: user ${DEVICE_USER} password ${DEVICE_PASSWORD}`),
    };
    expect(await expectError(await writeZiel(1, '23'), 502)).toEqual({
      error: 'device_refused',
      message: 'MultiValueDictKeyError: user *** password ***',
    });
    // A 500 without a page is still the device failing, as before.
    device.state.refusal = { status: 500, html: '' };
    expect(await expectError(await writeZiel(1, '23'), 502)).toMatchObject({
      error: 'upstream_unavailable',
    });
  });

  it('takes a short non-JSON answer as success, passes it on unchanged, and records the write once read back', async () => {
    await startProxy();
    device.state.writeAnswer = 'ok';
    const ok = await writeZiel(1, '23');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/text\/html/);
    expect(await ok.text()).toBe('OK');
    device.state.writeAnswer = 'empty';
    const empty = await writeSoll(2, '19,5');
    expect(empty.status).toBe(200);
    expect(await empty.text()).toBe('');

    // Each write was read back once with the device account, right away.
    for (const roomId of [1, 2]) {
      expect(readBacks(roomId)).toHaveLength(1);
      expect(readBacks(roomId)[0]!.headers.authorization).toBe(basic(DEVICE_USER, DEVICE_PASSWORD));
    }
    expect(await auditEntries()).toMatchObject([
      { user: 'demo', room: 2, action: 'soll', after: { target: 19.5 } },
      { user: 'demo', room: 1, action: 'ziel', after: { target: 23 } },
    ]);
  });

  it('counts a value the device keeps on a neighbouring 1/8 °C step as taken', async () => {
    await startProxy();
    device.state.writeAnswer = 'ok';
    expect((await writeZiel(1, '22.1')).status).toBe(200);
    expect(device.rooms.get(1)!.solltemperatur).toBe(22.125);
    expect((await writeSoll(2, '19.9')).status).toBe(200);
    expect(device.rooms.get(2)!.perm_solltemperatur).toBe(19.875);
    expect(readBacks(1)).toHaveLength(1);
    expect(readBacks(2)).toHaveLength(1);
  });

  it('answers 502 not_applied with the value when the room keeps its old target after a second look', async () => {
    await startProxy();
    device.state.writeAnswer = 'ok';
    device.state.ignored.add(2);
    const ziel = await writeZiel(2, '23');
    expect(await expectError(ziel, 502)).toEqual({
      error: 'not_applied',
      message: 'The heating controller did not take 23 °C; it keeps 22 °C.',
      value: 23,
    });
    expect(readBacks(2)).toHaveLength(2);
    const soll = await writeSoll(2, '19,5');
    expect(await expectError(soll, 502)).toMatchObject({ error: 'not_applied', value: 19.5 });
    // 22.0 is not within one step of 22.5: not taken.
    expect(await expectError(await writeZiel(2, '22.5'), 502)).toMatchObject({ value: 22.5 });
    // Nothing the device did not take is in our log; room 1 still takes writes.
    expect(await auditEntries()).toEqual([]);
    expect((await writeZiel(1, '23')).status).toBe(200);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('reads a room that takes a moment once more, and answers the device’s word', async () => {
    await startProxy();
    device.state.late.add(1);
    const response = await writeZiel(1, '24');
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).solltemperatur).toBe(24);
    expect(readBacks(1)).toHaveLength(2);
    expect(await auditEntries()).toHaveLength(1);
  });

  it('waits about 2 s before the second read-back by default', async () => {
    await startProxy({}, null);
    device.state.writeAnswer = 'ok';
    device.state.late.add(1);
    const started = performance.now();
    const response = await writeZiel(1, '24');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(5_000);
    const [first, second] = readBacks(1);
    expect(first && second).toBeTruthy();
  });

  it('leaves the device’s word standing when the room cannot be read back', async () => {
    await startProxy();
    device.state.writeAnswer = 'ok';
    // The room's own read answers 404 (an HTML page) both times.
    device.state.unreadable.add(1);
    expect((await writeZiel(1, '20')).status).toBe(200);
    expect(readBacks(1)).toHaveLength(2);
    expect(await auditEntries()).toHaveLength(1);
    // The second look decides: the old value, then no answer, is the device's word.
    device.state.ignored.add(2);
    device.state.readsLeft.set(2, 1);
    expect((await writeZiel(2, '24')).status).toBe(200);
    // No answer (the next read only), then the old value: not taken.
    device.state.readsLeft.set(2, 0);
    const late = await writeZiel(2, '24');
    expect(await expectError(late, 502)).toMatchObject({ error: 'not_applied', value: 24 });
    expect(readBacks(2)).toHaveLength(4);
  });

  it('answers 401 on every proxied path and method to wrong or missing credentials', async () => {
    // Many refusals from one client: the rate limit (429) is not what this test is about.
    await startProxy({ authFailureLimit: 10_000 });
    const paths = [
      ...['temps/', 'temps/1/', 'rooms/', 'outs/', 'info/', 'permissions/', 'heizprogramm/'].map(
        (method) => ['GET', `/get/json/v1/1/${method}`] as const,
      ),
      ...['ziel/1/', 'soll/1/', 'resettemp/1/', 'rooms/1/'].map(
        (method) => ['POST', `/set/json/v1/1/${method}`] as const,
      ),
    ];
    for (const [method, path] of paths) {
      for (const prefix of ['', '/api']) {
        for (const auth of [['demo', 'falsch'], [DEVICE_USER, DEVICE_PASSWORD], undefined]) {
          const response = await ask(`${prefix}${path}`, {
            method,
            ...(auth ? { auth: auth as [string, string] } : {}),
            ...(method === 'POST'
              ? {
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: 'ziel=23&soll=20&action=betriebsart&value=heating',
                }
              : {}),
          });
          await expectError(response, 401);
        }
      }
    }
    expect(device.seen).toEqual([]);
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
