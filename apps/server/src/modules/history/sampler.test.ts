import { afterEach, describe, expect, it, vi } from 'vitest';
import { sqliteSql } from '../../platform/database/sql.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { openDatabase } from '../../platform/database/open.js';
import { importSeed } from '../building/index.js';
import { berlin, demoSeed } from '../../test-support/test-server.js';
import { sqliteStore } from '../../platform/database/store.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('the recording timer', () => {
  it('records every room at each interval start, and stops when the app closes', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(berlin('2026-11-23T10:00:20'));
    const db = openDatabase(':memory:');
    await importSeed(sqliteSql(db), demoSeed(), Date.now());
    const config = { ...loadConfig({}), databaseFile: ':memory:', webDist: null, simSpeed: 0 };
    const app = await buildApp({
      config,
      store: sqliteStore(db),
      logger: false,
      now: () => Date.now(),
    });
    await app.ready();
    const samples = async () =>
      (
        await app.historyOf(app.houses.own()).store.raw(1, berlin('2026-11-23T10:00'), Date.now())
      ).map((s) => s.time);

    await vi.advanceTimersByTimeAsync(39_000); // 10:00:59
    expect(await samples()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000); // 10:01:00
    await vi.advanceTimersByTimeAsync(60_000); // 10:02:00
    expect(await samples()).toEqual([berlin('2026-11-23T10:01'), berlin('2026-11-23T10:02')]);
    expect(
      await app.historyOf(app.houses.own()).store.raw(4, berlin('2026-11-23T10:00'), Date.now()),
    ).toHaveLength(2);

    await app.close();
    // No timer is left to fire into the closed database.
    expect(vi.getTimerCount()).toBe(0);
  });
});
