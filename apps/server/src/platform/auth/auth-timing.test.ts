import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';

// Raised limits: the failures below must neither be slowed down nor refused by the limiter.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { authFailureLimit: 10_000 } });
});
afterAll(async () => {
  await server.close();
});

const TRIES = 60;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle - 0.5)]! + sorted[Math.ceil(middle - 0.5)]!) / 2;
};

type Kinds = Record<string, (i: number) => Promise<Response>>;

/** Median milliseconds per kind of failed sign-in; kinds take turns, so load hits both alike. */
async function timeFailures(kinds: Kinds, round: number): Promise<[number, number]> {
  const entries = Object.entries(kinds);
  const times = entries.map((): number[] => []);
  for (let i = -2; i < TRIES; i++) {
    // Which kind goes first changes each time, so neither always follows the other.
    const order = i % 2 ? [0, 1] : [1, 0];
    for (const index of order) {
      const [name, send] = entries[index]!;
      const started = performance.now();
      const response = await send(round * 1000 + i + 2);
      const elapsed = performance.now() - started;
      expect(response.status, name).toBe(401);
      await response.arrayBuffer();
      // The first two of each kind warm up and are not counted.
      if (i >= 0) times[index]!.push(elapsed);
    }
  }
  return [median(times[0]!), median(times[1]!)];
}

/**
 * The medians of both kinds lie within 10 % of each other. On a shared, busy machine one
 * round's medians can drift further apart either way, so up to three rounds are measured; a
 * real leak (the hash skipped for unknown users) shows in every round, tens of times over.
 */
async function expectAlike(kinds: Kinds) {
  const rounds: [number, number][] = [];
  for (let round = 0; round < 3; round++) {
    const [a, b] = await timeFailures(kinds, round);
    rounds.push([a, b]);
    // Both ran the password hash (tens of ms).
    expect(Math.min(a, b), JSON.stringify(rounds)).toBeGreaterThan(10);
    if (Math.abs(a - b) / Math.max(a, b) <= 0.1) return;
  }
  expect.fail(`medians ${Object.keys(kinds).join(' vs ')} per round: ${JSON.stringify(rounds)}`);
}

describe('a failed sign-in takes the same time whatever failed', () => {
  it('Basic auth: an unknown user as long as a known user with a wrong password', async () => {
    // Another password each time: no cached pair, no shared check.
    await expectAlike({
      unknown: (i) => server.request('/get/json/v1/1/info/', { auth: [`niemand${i}`, `x${i}`] }),
      wrongPassword: (i) => server.request('/get/json/v1/1/info/', { auth: ['demo', `x${i}`] }),
    });
  }, 120_000);

  it('GET /user (how the app signs in): the same', async () => {
    await expectAlike({
      unknown: (i) => server.request('/api/user', { auth: [`niemand${i}`, `x${i}`] }),
      wrongPassword: (i) => server.request('/api/user', { auth: ['bewohner', `x${i}`] }),
    });
  }, 120_000);

  it('form fields on a write: the same', async () => {
    const write = (user: string, i: number) =>
      server.request('/set/json/v1/1/ziel/1/', {
        method: 'POST',
        body: new URLSearchParams({ user, password: `x${i}`, ziel: '21' }),
      });
    await expectAlike({
      unknown: (i) => write(`niemand${i}`, i),
      wrongPassword: (i) => write('demo', i),
    });
  }, 120_000);
});
