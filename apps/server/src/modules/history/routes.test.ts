import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { HistoryAnswer } from '@raumregler/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchUser, generateBuilding } from '../../test-support/generate-building.js';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import { openDatabase } from '../../platform/database/open.js';
import { backfillRoom, quarterMeans } from './rules.js';
import {
  berlin,
  demoSeed,
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';
import { sqliteStore } from '../../platform/database/store.js';

let server: TestServer;
let clock = manualClock('2026-11-23T10:00');
afterEach(async () => {
  await server?.close();
});

const start = async (config: Partial<Config> = {}, seed = demoSeed()) => {
  clock = manualClock('2026-11-23T10:00');
  server = await startTestServer({ now: clock.now, config, seed });
  return server;
};
const history = async (query = '', roomId = 1, auth = demo) => {
  const response = await server.request(`/api/history/${roomId}/${query}`, { auth });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as HistoryAnswer;
};
/** One tick a minute from now for `minutes`, the way the timer records. */
const recordMinutes = async (minutes: number) => {
  for (let i = 0; i < minutes; i++) {
    await server.app.historyOf(server.app.houses.own()).tick();
    clock.advance(60_000);
  }
};

describe('the backfill of a fresh simulated building', () => {
  it('fills the last 7 days before it is asked, and says it is done', async () => {
    await start();
    const status = () =>
      server.request('/api/history/status', { auth: demo }).then((r) => r.json());
    expect(await status()).toEqual({ backfill: 'none' });
    await server.app.historyOf(server.app.houses.own()).startBackfill();
    expect(await status()).toEqual({ backfill: 'done' });

    const day = await history();
    expect(day).toMatchObject({
      room: 1,
      from: '2026-11-22T10:00:00+01:00',
      to: '2026-11-23T10:00:00+01:00',
      step_seconds: 60,
    });
    expect(day.samples).toHaveLength(24 * 60);
    expect(day.samples[0]!.time).toBe('2026-11-22T10:00:00+01:00');
    expect(day.samples.at(-1)!.time).toBe('2026-11-23T09:59:00+01:00');
    expect(day.samples.every((s) => typeof s.temperature === 'number')).toBe(true);
    // The Gäste-WC has no sensor: no temperature is invented for it.
    const wc = await history('', 4);
    expect(wc.samples).toHaveLength(24 * 60);
    expect(wc.samples.every((s) => s.temperature === null && s.target !== null)).toBe(true);

    // A second start finds history and fills nothing again.
    await server.app.historyOf(server.app.houses.own()).startBackfill();
    expect((await history()).samples).toEqual(day.samples);
  });

  it('is not run in a building whose history is not empty', async () => {
    await start();
    await server.app.historyOf(server.app.houses.own()).tick();
    await server.app.historyOf(server.app.houses.own()).startBackfill();
    expect(server.app.historyOf(server.app.houses.own()).backfillStatus()).toBe('none');
    expect((await history('?from=2026-11-16T10:00')).samples).toHaveLength(1);
  });
});

describe('recording', () => {
  it('records every room each interval: the reading, the target in force, humidity, valve', async () => {
    await start();
    const writes = writesTo(() => server);
    expect((await writes.multipart('ziel/1/', { ziel: '23.5', duration: '60' })).status).toBe(200);
    clock.advance(30_000);
    await server.app.historyOf(server.app.houses.own()).tick();
    const room = await writes.room(1);
    const { samples } = await history();
    expect(samples).toEqual([
      {
        time: '2026-11-23T10:00:00+01:00',
        temperature: room.temperatur,
        target: 23.5,
        humidity: room.luftfeuchte,
        valve: 0,
      },
    ]);
  });

  it('a failed recording is logged, and a user write in the same turn succeeds', async () => {
    await start();
    const writes = writesTo(() => server);
    const errors = vi.spyOn(server.app.log, 'error');
    server.app.store.sqlite!.exec('DROP TABLE history_recent');
    const write = writes.multipart('ziel/2/', { ziel: '22', duration: '60' });
    const tick = server.app.historyOf(server.app.houses.own()).tick();
    expect((await write).status).toBe(200);
    await expect(tick).resolves.toBeUndefined();
    expect((await writes.room(2)).solltemperatur).toBe(22);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      expect.stringContaining('recording the history failed'),
    );
  });

  it('a lock held by another process fails the tick at once instead of stalling requests', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-history-'));
    try {
      await start({ databaseFile: path.join(dir, 'db.sqlite') });
      const other = new Database(path.join(dir, 'db.sqlite'));
      other.exec('BEGIN IMMEDIATE');
      const errors = vi.spyOn(server.app.log, 'error');
      const started = performance.now();
      await server.app.historyOf(server.app.houses.own()).tick();
      expect(performance.now() - started).toBeLessThan(1000);
      expect(errors).toHaveBeenCalled();
      other.exec('ROLLBACK');
      other.close();
      // The next tick records again.
      clock.advance(60_000);
      await server.app.historyOf(server.app.houses.own()).tick();
      expect((await history()).samples).toHaveLength(1);
    } finally {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retention and downsampling', () => {
  it('packs whole hours with their 15-minute means and prunes beyond the windows', async () => {
    await start({ historyRawDays: 1, historyDays: 3 });
    await recordMinutes(120); // 10:00 … 11:59
    await server.app.historyOf(server.app.houses.own()).maintain();
    // Raw still answers all 120 samples, from the packed hours.
    expect((await history('?from=2026-11-23T10:00&to=2026-11-23T11:59')).samples).toHaveLength(120);
    // A span reaching beyond the raw window (1 day) comes as 15-minute means.
    const means = await history('?from=2026-11-21T12:00');
    expect(means.step_seconds).toBe(900);
    expect(means.samples.map((s) => s.time)).toEqual(
      ['10:00', '10:15', '10:30', '10:45', '11:00', '11:15', '11:30', '11:45'].map(
        (hm) => `2026-11-23T${hm}:00+01:00`,
      ),
    );

    // Two days on: the raw samples are gone, the means remain.
    clock.set('2026-11-25T12:30');
    await server.app.historyOf(server.app.houses.own()).maintain();
    const raw = await server.app
      .historyOf(server.app.houses.own())
      .store.raw(1, berlin('2026-11-23T00:00'), clock.now());
    expect(raw).toEqual([]);
    expect((await history('?from=2026-11-23T00:00')).samples).toHaveLength(8);

    // Past HISTORY_DAYS the means go too.
    clock.set('2026-11-26T12:30');
    await server.app.historyOf(server.app.houses.own()).maintain();
    expect((await history('?from=2026-11-23T10:00&to=2026-11-24T10:00')).samples).toHaveLength(0);
  });

  it('answers 15-minute means of a raw span when asked with step=900', async () => {
    await start();
    await recordMinutes(30); // 10:00 … 10:29
    const means = await history('?from=2026-11-23T10:00&step=900');
    expect(means.step_seconds).toBe(900);
    expect(means.samples.map((s) => s.time)).toEqual([
      '2026-11-23T10:00:00+01:00',
      '2026-11-23T10:15:00+01:00',
    ]);
    const raw = await history('?from=2026-11-23T10:00&step=60');
    expect(raw.step_seconds).toBe(60);
    expect(raw.samples).toHaveLength(30);
  });

  it('answers means for samples not packed yet, too', async () => {
    await start({ historyRawDays: 1 });
    await recordMinutes(20); // 10:00 … 10:19, still in the current hour
    const means = await history('?from=2026-11-21T12:00');
    expect(means.samples.map((s) => s.time)).toEqual([
      '2026-11-23T10:00:00+01:00',
      '2026-11-23T10:15:00+01:00',
    ]);
  });
});

describe('a quarter hour half backfilled, half recorded', () => {
  it('has one mean of all its samples', async () => {
    await start({ historyRawDays: 1 });
    clock.set('2026-11-23T10:05');
    await server.app.historyOf(server.app.houses.own()).startBackfill(); // 10:05 back to 16.11. 10:05
    await recordMinutes(10); // 10:05 … 10:14, live
    const raw = await history('?from=2026-11-23T10:00&to=2026-11-23T10:14');
    expect(raw.samples).toHaveLength(15);
    const temperatures = raw.samples.map((s) => s.temperature!);
    const mean = temperatures.reduce((a, b) => a + b, 0) / temperatures.length;
    const quarters = await history('?from=2026-11-21T12:00&to=2026-11-23T10:14');
    expect(quarters.samples.filter((s) => s.time === '2026-11-23T10:00:00+01:00')).toEqual([
      expect.objectContaining({ temperature: Math.round(mean * 100) / 100 }),
    ]);
  });
});

describe('the backfilled past, in 15-minute means', () => {
  it('has every quarter as the mean of all its samples, where two pieces of the backfill meet too', async () => {
    await start({ historyRawDays: 1 });
    // The span starts at 10:05, not on a whole hour: a piece cut at 10:05 each day would write
    // the quarter from 10:00 in two parts, and the second part's mean would replace the first's.
    clock.set('2026-11-23T10:05');
    await server.app.historyOf(server.app.houses.own()).startBackfill();
    const { building } = server.app.houses.own();
    const samples = backfillRoom(
      building.findRoom(1)!,
      building.schedules()(1),
      server.app.clock.local,
      berlin('2026-11-16T10:05'),
      berlin('2026-11-23T10:05'),
      60_000,
    );
    const from = berlin('2026-11-18T09:00');
    const to = berlin('2026-11-18T11:00');
    const expected = quarterMeans(samples).filter((q) => q.time >= from && q.time <= to);
    expect(expected).toHaveLength(9);

    const answer = await history('?from=2026-11-18T09:00&to=2026-11-18T11:00');
    expect(answer.step_seconds).toBe(900);
    expect(answer.samples.map((s) => s.time)).toContain('2026-11-18T10:00:00+01:00');
    const values = ({
      temperature,
      target,
      humidity,
      valve,
    }: Omit<(typeof expected)[number], 'time'>) => ({
      temperature,
      target,
      humidity,
      valve,
    });
    expect(answer.samples.map(values)).toEqual(expected.map(values));
  });
});

describe('CSV', () => {
  it('answers a header row and one row per sample, by ?format=csv or Accept', async () => {
    await start();
    await recordMinutes(3);
    for (const [query, headers] of [
      ['?format=csv', {}],
      ['', { accept: 'text/csv' }],
    ] as const) {
      const response = await server.request(`/api/history/4/${query}`, { auth: demo, headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
      expect(response.headers.get('content-disposition')).toContain('history-room-4.csv');
      const lines = (await response.text()).split('\r\n');
      expect(lines[0]).toBe('time,temperature,target,humidity,valve');
      expect(lines.slice(1, 4)).toEqual([
        '2026-11-23T10:00:00+01:00,,19,,0',
        '2026-11-23T10:01:00+01:00,,19,,0',
        '2026-11-23T10:02:00+01:00,,19,,0',
      ]);
      expect(lines.slice(4)).toEqual(['']);
    }
  });
});

describe('refusals', () => {
  const withGuest = () => {
    return start({}, demoSeedWithGuest());
  };

  it('permission matrix: 401 without or with wrong credentials, 403 without read, 200 with it', async () => {
    await withGuest();
    for (const url of ['/api/history/1/', '/api/history/status']) {
      await expectError(await server.request(url), 401);
      await expectError(await server.request(url, { auth: ['demo', 'wrong'] }), 401);
      await expectError(await server.request(url, { auth: GUEST }), 403);
      for (const auth of [
        ['demo', 'demo1234'],
        ['bewohner', 'bewohner1234'],
        ['techniker', 'techniker1234'],
      ] as [string, string][]) {
        expect((await server.request(url, { auth })).status, `${url} ${auth[0]}`).toBe(200);
      }
    }
    // Ours only: nothing at the root.
    expect((await server.request('/history/1/', { auth: demo })).status).toBe(404);
  });

  it('404 for an unknown room, 400 naming a bad from or to', async () => {
    await start({ historyDays: 30 });
    await expectError(await server.request('/api/history/99/', { auth: demo }), 404);
    await expectError(await server.request('/api/history/abc/', { auth: demo }), 400);
    const bad = async (query: string, field: string) =>
      expectError(await server.request(`/api/history/1/${query}`, { auth: demo }), 400, field);
    await bad('?from=yesterday', 'from');
    await bad('?to=2026-02-30T10:00', 'to');
    await bad('?from=2026-11-23T09:00&to=2026-11-23T08:00', 'to');
    await bad('?from=2026-10-01T00:00&to=2026-11-23T00:00', 'from');
    await bad('?step=300', 'step');
    await bad('?from=2026-11-01T10:00&step=60', 'step');
    // Offsets and Z are read as given; 30 days exactly are allowed.
    const ok = await history('?from=2026-10-24T09:00:00Z&to=2026-11-23T09:00:00Z');
    expect(ok).toMatchObject({
      from: '2026-10-24T11:00:00+02:00',
      to: '2026-11-23T10:00:00+01:00',
      step_seconds: 900,
    });
  });
});

describe('the backfill of a big building', () => {
  it('runs in the background in batches while requests are served, and resumes after a restart', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-backfill-'));
    const file = path.join(dir, 'db.sqlite');
    const bench: [string, string] = [benchUser.username, benchUser.password];
    try {
      clock = manualClock('2026-11-23T10:00');
      // 120 rooms × 3 days: 360 pieces, each followed by a turn of the event loop.
      const config = { databaseFile: file, historyBackfillDays: 3 };
      server = await startTestServer({ now: clock.now, seed: generateBuilding(3, 40), config });
      await server.app.historyOf(server.app.houses.own()).startBackfill();
      // 120 rooms: the call returns at once and the backfill goes on between requests.
      expect(server.app.historyOf(server.app.houses.own()).backfillStatus()).toBe('running');
      const status = await server.request('/api/history/status', { auth: bench });
      expect(await status.json()).toEqual({ backfill: 'running' });
      // Stopped half way, as a restart would.
      await server.close();

      const db = openDatabase(file);
      const done = db.prepare("SELECT value FROM settings WHERE key = 'history.backfill.1'").get();
      expect(done).toBeDefined();
      const app = await buildApp({
        config: { ...loadConfig({}), ...config, webDist: null, simSpeed: 0, logLevel: 'silent' },
        store: sqliteStore(db),
        logger: false,
        now: clock.now,
      });
      try {
        expect(app.historyOf(app.houses.own()).backfillStatus()).toBe('running');
        await app.historyOf(app.houses.own()).startBackfill();
        await app.historyOf(app.houses.own()).backfillDone();
        expect(app.historyOf(app.houses.own()).backfillStatus()).toBe('done');
        const from = berlin('2026-11-22T10:00');
        for (const roomId of [1, 60, 120]) {
          const samples = await app
            .historyOf(app.houses.own())
            .store.raw(roomId, from, clock.now());
          expect(samples, `room ${roomId}`).toHaveLength(24 * 60);
          expect(new Set(samples.map((s) => s.time)).size).toBe(24 * 60);
        }
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
