import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

// Raised limits: the failures below must neither be slowed down nor refused by the limiter.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { authFailureLimit: 10_000 } });
});
afterAll(async () => {
  await server.close();
});

const TRIES = 30;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle - 0.5)]! + sorted[Math.ceil(middle - 0.5)]!) / 2;
};

/** Median milliseconds per kind of failed sign-in; kinds take turns, so load hits both alike. */
async function timeFailures(
  kinds: Record<string, (i: number) => Promise<Response>>,
): Promise<Record<string, number>> {
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(kinds)) times[name] = [];
  for (let i = 0; i < TRIES; i++) {
    for (const [name, send] of Object.entries(kinds)) {
      const started = performance.now();
      const response = await send(i);
      const elapsed = performance.now() - started;
      expect(response.status, name).toBe(401);
      await response.arrayBuffer();
      times[name]!.push(elapsed);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, list]) => [name, median(list)]));
}

const expectAlike = (medians: Record<string, number>) => {
  const [a, b] = Object.values(medians) as [number, number];
  // Both ran the password hash (tens of ms); the difference stays within 10 %.
  expect(Math.min(a, b), JSON.stringify(medians)).toBeGreaterThan(10);
  expect(Math.abs(a - b) / Math.max(a, b), JSON.stringify(medians)).toBeLessThanOrEqual(0.1);
};

describe('a failed sign-in takes the same time whatever failed', () => {
  it('Basic auth: an unknown user as long as a known user with a wrong password', async () => {
    // Another password each time: no cached pair, no shared check.
    const medians = await timeFailures({
      unknown: (i) => server.request('/get/json/v1/1/info/', { auth: [`niemand${i}`, `x${i}`] }),
      wrongPassword: (i) => server.request('/get/json/v1/1/info/', { auth: ['demo', `x${i}`] }),
    });
    expectAlike(medians);
  }, 60_000);

  it('form fields on a write: the same', async () => {
    const write = (user: string, i: number) =>
      server.request('/set/json/v1/1/ziel/1/', {
        method: 'POST',
        body: new URLSearchParams({ user, password: `x${i}`, ziel: '21' }),
      });
    const medians = await timeFailures({
      unknown: (i) => write(`niemand${i}`, i),
      wrongPassword: (i) => write('demo', i),
    });
    expectAlike(medians);
  }, 60_000);
});
