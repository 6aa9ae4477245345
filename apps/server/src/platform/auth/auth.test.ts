import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from './passwords.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';

const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  server = await startTestServer({
    now: clock.now,
    config: { authFailureLimit: 4, authFailureWindowMs: 300_000 },
  });
});
afterEach(async () => {
  await server.close();
});

const info = (auth: [string, string]) => server.request('/get/json/v1/1/info/', { auth });

describe('sign-in failures', () => {
  it('are slowed, then answered 429 with Retry-After, until the window ends', async () => {
    expect((await info(['demo', 'demo1234'])).status).toBe(200);
    const timings: number[] = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      expect((await info(['demo', `guess${i}`])).status).toBe(401);
      timings.push(performance.now() - started);
    }
    // Failures 3 and 4 (past half the limit of 4) are held back 250 and 500 ms.
    expect(timings[3]).toBeGreaterThan(450);

    const blocked = await info(['demo', 'guess5']);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(300);
    expect(await blocked.json()).toMatchObject({ error: 'too_many_requests' });
    // Verified before the block, in any spelling of the name: the cached sign-in passes.
    expect((await info(['DEMO', 'demo1234'])).status).toBe(200);
    // Another user behind the same address is not locked out with the guessed account.
    expect((await info(['verwalter', 'verwalter1234'])).status).toBe(200);

    // Once the cached sign-in has run out: no password check at all, so not even the right one
    // passes, until the window ends.
    clock.advance(61_000);
    expect((await info(['demo', 'demo1234'])).status).toBe(429);
    clock.advance(240_000);
    expect((await info(['DEMO', 'demo1234'])).status).toBe(200);
  });

  it('never limit successful calls, which also keep passing while the client is blocked', async () => {
    for (let i = 0; i < 30; i++) expect((await info(['demo', 'demo1234'])).status).toBe(200);
    for (let i = 0; i < 4; i++) await info(['demo', 'wrong']);
    expect((await info(['demo', 'wrong'])).status).toBe(429);
    expect((await info(['demo', 'demo1234'])).status).toBe(200);
  });

  it('are not forgiven by successful sign-ins in between', async () => {
    // Each success is a fresh pair (another user), so each runs the full password check rather
    // than the cache: an attacker with one valid account cannot wipe the count between guesses.
    const valid: [string, string][] = [
      ['verwalter', 'verwalter1234'],
      ['bewohner', 'bewohner1234'],
      ['techniker', 'techniker1234'],
    ];
    for (let i = 0; i < 4; i++) {
      expect((await info(['demo', `guess${i}`])).status).toBe(401);
      if (i < valid.length) expect((await info(valid[i]!)).status).toBe(200);
    }
    const blocked = await info(['demo', 'guess4']);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: 'too_many_requests' });
    // A cached success does not reset it either.
    expect((await info(['verwalter', 'verwalter1234'])).status).toBe(200);
    expect((await info(['demo', 'guess5'])).status).toBe(429);
  });

  it('are not forgiven by a success of the same account: failures, a success, more failures', async () => {
    // The success is the account's first sign-in, so it runs the full password check, at the
    // same address as the failures around it.
    for (let i = 0; i < 2; i++) expect((await info(['demo', `guess${i}`])).status).toBe(401);
    expect((await info(['demo', 'demo1234'])).status).toBe(200);
    for (let i = 2; i < 4; i++) expect((await info(['demo', `guess${i}`])).status).toBe(401);
    const blocked = await info(['demo', 'guess4']);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBe(300);
  });

  it('do not count requests without credentials', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await server.request('/get/json/v1/1/info/')).status).toBe(401);
    }
    expect((await info(['demo', 'demo1234'])).status).toBe(200);
  });
});

describe('sign-in failures per account and address', () => {
  // AUTH_FAILURE_LIMIT 2: a pair is refused after 2 failures, an address after 5 × 2 = 10.
  // TRUST_PROXY: X-Forwarded-For names the client, so one test plays several addresses.
  let proxied: TestServer;
  beforeEach(async () => {
    proxied = await startTestServer({
      now: clock.now,
      config: { authFailureLimit: 2, authFailureWindowMs: 300_000, trustProxy: true },
    });
  });
  afterEach(async () => {
    await proxied.close();
  });
  const from = (address: string, auth: [string, string]) =>
    proxied.request('/get/json/v1/1/info/', { auth, headers: { 'x-forwarded-for': address } });
  const office = '203.0.113.7';
  const home = '198.51.100.20';

  it('lock out the guessed account at that address only: not its owner elsewhere, not a colleague', async () => {
    for (let i = 0; i < 2; i++)
      expect((await from(office, ['demo', `guess${i}`])).status).toBe(401);
    const refused = await from(office, ['demo', 'demo1234']);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBe(300);
    // The colleague behind the same office address, never signed in before: passes.
    expect((await from(office, ['bewohner', 'bewohner1234'])).status).toBe(200);
    // The account's owner at home: not locked out by the attacker in the office.
    expect((await from(home, ['demo', 'demo1234'])).status).toBe(200);
  });

  it('refuse an address as a whole after 5 × the limit, whichever names it tried', async () => {
    // 10 failures over 5 names (two of them unknown), 2 each: every pair at its limit.
    for (const name of ['demo', 'verwalter', 'bewohner', 'niemand', 'keiner']) {
      for (let i = 0; i < 2; i++)
        expect((await from(office, [name, `guess${i}`])).status).toBe(401);
    }
    // A name not yet tried from there, with the right password: the address is refused.
    expect((await from(office, ['techniker', 'techniker1234'])).status).toBe(429);
    // Another address is not.
    expect((await from(home, ['techniker', 'techniker1234'])).status).toBe(200);
  }, 30_000);

  it('count and answer unknown names exactly like known ones', async () => {
    const answers = async (name: string) => {
      const list: { status: number; body: unknown; retryAfter: string | null }[] = [];
      for (let i = 0; i < 3; i++) {
        const response = await from(office, [name, `guess${i}`]);
        list.push({
          status: response.status,
          body: await response.json(),
          retryAfter: response.headers.get('retry-after'),
        });
      }
      return list;
    };
    const known = await answers('demo');
    expect(known.map((answer) => answer.status)).toEqual([401, 401, 429]);
    expect(await answers('niemand')).toEqual(known);
  });
});

describe('concurrent sign-ins', () => {
  it('with the same pair all succeed on one shared password check', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => info(['verwalter', 'verwalter1234'])),
    );
    expect(answers.map((response) => response.status)).toEqual(Array(20).fill(200));
  });
});

describe('cached sign-ins', () => {
  it('notice within a second a password changed by another process', async () => {
    expect((await info(['bewohner', 'bewohner1234'])).status).toBe(200);
    const user = (await server.app.repos.users.findByUsername('bewohner'))!;
    await server.app.repos.users.setPasswordHash(
      server.app.sql,
      user.id,
      await hashPassword('neues-passwort'),
    );
    clock.advance(1_100);
    expect((await info(['bewohner', 'bewohner1234'])).status).toBe(401);
    expect((await info(['bewohner', 'neues-passwort'])).status).toBe(200);
  });
});

describe('the sign-in cache', () => {
  const temps = (authorization: string) =>
    server.request('/get/json/v1/1/temps/', { headers: { authorization } });
  const encoded = (pair: string) => Buffer.from(pair).toString('base64');

  it('is keyed by the identity: another password for the same user is checked afresh', async () => {
    expect((await temps(`Basic ${encoded('demo:demo1234')}`)).status).toBe(200);
    expect((await temps(`Basic ${encoded('demo:demo1234')}`)).status).toBe(200);
    expect((await temps(`Basic ${encoded('demo:demo12345')}`)).status).toBe(401);
    expect((await temps(`Basic ${encoded('demo:demo123')}`)).status).toBe(401);
    // Another spelling of the same valid pair is the same sign-in (sign-in-cache.test.ts
    // counts its password checks) and passes.
    expect((await temps(`basic  ${encoded('DeMo:demo1234')} `)).status).toBe(200);
    expect((await temps('Bearer x')).status).toBe(401);
  });

  it('serves writes that carry the pair as form fields, and refuses a wrong one after a right one', async () => {
    const ziel = (password: string) =>
      server.request('/set/json/v1/1/ziel/1/', {
        method: 'POST',
        body: new URLSearchParams({ user: 'demo', password, ziel: '22', duration: '10' }),
      });
    expect((await ziel('demo1234')).status).toBe(200);
    expect((await ziel('demo1234')).status).toBe(200);
    expect((await ziel('demo12345')).status).toBe(401);
  });

  it('drops a cached pair when the password changes, header and form alike', async () => {
    const authorization = `Basic ${encoded('bewohner:bewohner1234')}`;
    expect((await temps(authorization)).status).toBe(200);
    server.app.forgetCredentials();
    const user = (await server.app.repos.users.findByUsername('bewohner'))!;
    await server.app.repos.users.setPasswordHash(
      server.app.sql,
      user.id,
      await hashPassword('neues-passwort'),
    );
    expect((await temps(authorization)).status).toBe(401);
  });
});
