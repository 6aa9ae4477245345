import { cleanOuts, cleanTemps, contromeOuts, contromeTemps } from '@raumregler/contract/testing';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeStoredAuth } from '@/lib/auth-storage';
import { reportReachability } from '@/lib/connection';
import { readLastRooms } from '@/lib/last-rooms';
import { apiUrl, HttpResponse, mock } from '@/lib/testing';
import { getOuts } from './get-outs';
import { getTempsOrLastKnown } from './get-temps';

const live = cleanTemps;
let answer: 'live' | 'device' | 'garbage' | 'gateway' | 'refused' = 'live';
const server = setupServer(
  mock.get(apiUrl('/get/json/v1/1/temps/'), () =>
    answer === 'live'
      ? HttpResponse.json(live)
      : answer === 'device'
        ? HttpResponse.json(contromeTemps as object)
        : answer === 'garbage'
          ? HttpResponse.json({ status: 'kein Zugriff' })
          : answer === 'gateway'
            ? HttpResponse.json({ error: 'upstream_unavailable' }, { status: 502 })
            : HttpResponse.json({ error: 'forbidden' }, { status: 403 }),
  ),
  mock.get(apiUrl('/get/json/v1/1/outs/'), () => HttpResponse.json(contromeOuts as object)),
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

  it('reads a real device’s answer as our server’s, and keeps the read rooms (issue 33)', async () => {
    writeStoredAuth(
      { macAddress: 'localhost', username: 'demo', password: 'demo1234', deviceInfo: null },
      true,
    );
    answer = 'device';
    expect(await getTempsOrLastKnown()).toEqual(cleanTemps);
    await settle();
    expect(readLastRooms('demo')?.floors).toEqual(cleanTemps);
    answer = 'gateway';
    expect(await getTempsOrLastKnown()).toEqual(cleanTemps);
  });

  it('fails on an answer that is no list of floors, rather than showing no rooms', async () => {
    answer = 'garbage';
    await expect(getTempsOrLastKnown()).rejects.toThrow('no list of floors');
  });
});

describe('getOuts (issue 33)', () => {
  it('reads a device’s outs/ with trimmed keys and numbers', async () => {
    expect(await getOuts()).toEqual(cleanOuts);
  });
});
