import type { Floor } from '@raumregler/contract';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { reportReachability } from '@/lib/connection';
import { readLastRooms } from '@/lib/last-rooms';
import { apiUrl, HttpResponse, mock } from '@/lib/testing';
import { getTempsOrLastKnown } from './get-temps';

const live = [{ id: 1, etagenname: 'EG', raeume: [{ id: 7, name: 'Büro' }] }] as unknown as Floor[];
let answer: 'live' | 'gateway' | 'refused' = 'live';
const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/temps/'), () =>
    answer === 'live'
      ? HttpResponse.json(live)
      : answer === 'gateway'
        ? HttpResponse.json({ error: 'upstream_unavailable' }, { status: 502 })
        : HttpResponse.json({ error: 'forbidden' }, { status: 403 }),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  answer = 'live';
  reportReachability('reachable');
  writeStoredAuth(null);
});
afterAll(() => server.close());

/** The stored copy is written after the next paint (250 ms at the latest without frames). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('getTempsOrLastKnown (issue 32)', () => {
  it('keeps each live answer, and answers it while the controller is unreachable', async () => {
    writeStoredAuth(
      { macAddress: 'localhost', username: 'demo', password: 'demo1234', deviceInfo: null },
      true,
    );
    expect(await getTempsOrLastKnown()).toEqual(live);
    await settle();
    expect(readLastRooms('demo')?.floors).toEqual(live);
    answer = 'gateway';
    expect(await getTempsOrLastKnown()).toEqual(live);
    // An answer that is no lost connection is the page's error, as before.
    answer = 'refused';
    await expect(getTempsOrLastKnown()).rejects.toMatchObject({ status: 403 });
  });

  it('fails as before when nothing is stored (signed out of the last session)', async () => {
    writeStoredAuth(
      { macAddress: 'localhost', username: 'demo', password: 'demo1234', deviceInfo: null },
      true,
    );
    answer = 'gateway';
    await expect(getTempsOrLastKnown()).rejects.toMatchObject({ status: 502 });
  });
});
