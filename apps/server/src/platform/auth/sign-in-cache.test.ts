import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import type * as Passwords from './passwords.js';
import { createSignInCache } from './sign-in-cache.js';
import type { UserRecord } from './users.js';

// Every password check the server runs is counted. The same question is answered once and the
// answer reused, so the flood below (thousands of checks before the fix) runs in seconds: what
// the tests measure is how many checks the server asks for, not how long they take.
const scrypts = vi.hoisted(() => ({ count: 0 }));
vi.mock('./passwords.js', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  const answers = new Map<string, Promise<boolean>>();
  return {
    ...real,
    verifyPassword: (password: string, stored: string) => {
      scrypts.count += 1;
      const question = `${password}\0${stored}`;
      let answer = answers.get(question);
      if (!answer) {
        answer = real.verifyPassword(password, stored);
        answers.set(question, answer);
      }
      return answer;
    },
  };
});

const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  server = await startTestServer({ now: clock.now });
  scrypts.count = 0;
});
afterEach(async () => {
  await server.close();
});

const base64 = (pair: string) => Buffer.from(pair).toString('base64');
/** Every combination of upper and lower case of a word (2^length of them). */
const cases = (word: string): string[] =>
  word === ''
    ? ['']
    : cases(word.slice(1)).flatMap((rest) => [
        word[0]!.toLowerCase() + rest,
        word[0]!.toUpperCase() + rest,
      ]);

/** Authorization headers the Basic grammar reads as `name:password`, in many spellings. */
function spellings(name: string, password: string): string[] {
  const headers: string[] = [];
  for (const scheme of cases('basic')) {
    for (const gap of [' ', '   ', '\t', ' \t ']) {
      for (const trail of ['', ' ']) {
        for (const user of cases(name).slice(0, 4)) {
          const encoded = base64(`${user}:${password}`);
          headers.push(`${scheme}${gap}${encoded}${trail}`);
          headers.push(`${scheme}${gap}${encoded.replace(/=+$/, '')}${trail}`);
        }
      }
    }
  }
  return [...new Set(headers)];
}

const temps = (authorization: string) =>
  server.app.inject({ url: '/get/json/v1/1/temps/', headers: { authorization } });

describe('the sign-in cache under the spelling attack', () => {
  it('costs one password check per account and minute, however the credentials are spelt', async () => {
    const headers = spellings('demo', 'demo1234');
    expect(headers.length).toBeGreaterThan(1000);
    for (const authorization of headers) {
      expect((await temps(authorization)).statusCode, authorization).toBe(200);
    }
    // Form fields with the name in another case are the same sign-in.
    const write = await server.app.inject({
      method: 'POST',
      url: '/set/json/v1/1/ziel/1/',
      payload: new URLSearchParams({ user: 'DeMo', password: 'demo1234', ziel: '22' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(write.statusCode).toBe(200);
    expect(scrypts.count).toBe(1);

    // A minute later, all at once: one shared check again.
    clock.advance(61_000);
    const answers = await Promise.all(headers.slice(0, 200).map(temps));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(200).fill(200));
    expect(scrypts.count).toBe(2);

    // Each account its own check, and only one.
    for (const [name, password] of [
      ['bewohner', 'bewohner1234'],
      ['verwalter', 'verwalter1234'],
    ] as const) {
      for (const authorization of spellings(name, password).slice(0, 300)) {
        expect((await temps(authorization)).statusCode).toBe(200);
      }
    }
    expect(scrypts.count).toBe(4);
  }, 60_000);

  it('cannot make the server forget other users’ sign-ins with a flood of spellings', async () => {
    const bewohner = `Basic ${base64('bewohner:bewohner1234')}`;
    expect((await temps(bewohner)).statusCode).toBe(200);
    expect(scrypts.count).toBe(1);
    // More distinct spellings of one valid pair than the old cache held (10,000).
    const flood = cases('basic').flatMap((scheme) =>
      cases('verwalter').map((name) => `${scheme} ${base64(`${name}:verwalter1234`)}`),
    );
    expect(flood.length).toBeGreaterThan(10_000);
    for (const authorization of flood.slice(0, 10_050)) {
      expect((await temps(authorization)).statusCode).toBe(200);
    }
    const before = scrypts.count;
    // Within the minute, the other user's sign-in is still cached: no new check.
    expect((await temps(bewohner)).statusCode).toBe(200);
    expect(scrypts.count - before).toBe(0);
  }, 120_000);

  it('forgets one user’s sign-in on forgetUser, and nobody else’s', async () => {
    const bewohner = `Basic ${base64('bewohner:bewohner1234')}`;
    const verwalter = `Basic ${base64('verwalter:verwalter1234')}`;
    await temps(bewohner);
    await temps(verwalter);
    expect(scrypts.count).toBe(2);
    server.app.forgetUser((await server.app.repos.users.findByUsername('bewohner'))!.id);
    expect((await temps(verwalter)).statusCode).toBe(200);
    expect(scrypts.count).toBe(2);
    expect((await temps(bewohner)).statusCode).toBe(200);
    expect(scrypts.count).toBe(3);
  });
});

describe('the cache itself', () => {
  const user = (passwordHash: string): UserRecord => ({
    id: 7,
    username: 'anna',
    email: 'anna@example.com',
    passwordHash,
    firstName: '',
    lastName: '',
    accessSmart: 'read',
    accessPro: 'read',
    disabledAt: null,
    language: 'de',
    floors: [],
    rooms: [],
    validFrom: null,
    validUntil: null,
    houseId: 1,
    member: true,
    houses: new Map(),
  });

  it('answers from memory within the re-check time, then re-reads once for every request waiting', async () => {
    let now = 0;
    const stored = { current: user('hash-1') };
    const reload = vi.fn(() => Promise.resolve(stored.current));
    const cache = createSignInCache({ now: () => now, ttlMs: 60_000, recheckMs: 1_000, reload });
    cache.set('key', user('hash-1'));
    now = 999;
    // No promise, no read: a polled request passes in the same tick.
    expect(cache.get('key')).toMatchObject({ username: 'anna' });
    expect(reload).not.toHaveBeenCalled();
    now = 1_000;
    stored.current = { ...user('hash-1'), accessSmart: 'full' };
    const waiting = [cache.get('key'), cache.get('key'), cache.get('key')];
    expect(waiting.every((answer) => answer instanceof Promise)).toBe(true);
    expect((await Promise.all(waiting)).map((answer) => answer?.accessSmart)).toEqual([
      'full',
      'full',
      'full',
    ]);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(cache.get('key')).toMatchObject({ accessSmart: 'full' });
    // A password changed elsewhere ends the cached sign-in at the next re-read.
    now = 2_000;
    stored.current = user('hash-2');
    expect(await cache.get('key')).toBeNull();
    expect(cache.get('key')).toBeNull();
  });

  it('does not bring back a sign-in forgotten while it was being re-read', async () => {
    let now = 0;
    let answer: (fresh: UserRecord) => void = () => undefined;
    const cache = createSignInCache({
      now: () => now,
      ttlMs: 60_000,
      recheckMs: 1_000,
      reload: () => new Promise((resolve) => (answer = resolve)),
    });
    cache.set('key', user('hash-1'));
    now = 1_500;
    const pending = cache.get('key');
    cache.forgetUser(7);
    answer(user('hash-1'));
    expect(await pending).toBeNull();
    expect(cache.get('key')).toBeNull();
  });
});
