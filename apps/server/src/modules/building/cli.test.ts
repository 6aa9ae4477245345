import type Database from 'better-sqlite3';
import { sqliteSql } from '../../platform/database/sql.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../platform/database/open.js';
import { importSeed } from './seed-import.js';
import { createSimFaultsRepository } from './sim-faults-repository.js';
import { demoSeed } from '../../test-support/test-server.js';
import { runCli } from '../../cli/commands.js';
import { sqliteStore } from '../../platform/database/store.js';

let db: Database.Database;
let out: string[];
let err: string[];
const run = (argv: string[], proxy = false) =>
  runCli(
    argv,
    sqliteStore(db),
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    Date.now,
    {
      proxy,
    },
  );

beforeEach(async () => {
  db = openDatabase(':memory:');
  await importSeed(sqliteSql(db), demoSeed(), Date.now());
  out = [];
  err = [];
});
afterEach(() => db.close());

describe('cli sim and user language', () => {
  it('sim window and sim sensor write the fault the running simulation reads', async () => {
    const faults = createSimFaultsRepository(sqliteSql(db), 1);
    expect(await run(['sim', 'window', '1', 'open'])).toBe(0);
    expect(await run(['sim', 'sensor', '3', 'off'])).toBe(0);
    expect(out).toEqual([
      'Window of room 1 (Wohnzimmer) opened; the server simulates it within 5 s.',
      'Sensor of room 3 (Arbeitszimmer) switched off; the server simulates it within 5 s.',
    ]);
    expect(await faults.all()).toEqual(
      new Map([
        [1, { windowOpen: true, sensorOff: false, writesIgnored: false }],
        [3, { windowOpen: false, sensorOff: true, writesIgnored: false }],
      ]),
    );
    expect(await run(['sim', 'window', '1', 'closed'])).toBe(0);
    expect(await run(['sim', 'sensor', '3', 'on'])).toBe(0);
    expect(await faults.all()).toEqual(new Map());
  });

  it('refuses in proxy mode, an unknown room, a room without sensor and bad words', async () => {
    expect(await run(['sim', 'window', '1', 'open'], true)).toBe(1);
    expect(err.join('\n')).toContain('not simulated in proxy mode (UPSTREAM_URL is set)');
    err = [];
    expect(await run(['sim', 'window', '99', 'open'])).toBe(1);
    expect(await run(['sim', 'sensor', '4', 'off'])).toBe(1);
    expect(err).toEqual(['Error: there is no room 99', 'Error: room 4 (Gäste-WC) has no sensor']);
    err = [];
    expect(await run(['sim', 'window', '1', 'ajar'])).toBe(2);
    expect(await run(['sim', 'sensor', 'x', 'off'])).toBe(2);
    expect(err.filter((line) => line.startsWith('Error'))).toEqual([
      'Error: the state must be open|closed, got "ajar"',
      'Error: <roomId> must be a room\'s number (or a list such as 1-150,201), got "x"',
    ]);
    expect(await createSimFaultsRepository(sqliteSql(db), 1).all()).toEqual(new Map());
  });

  it('sim takes many rooms at once as a list with ranges, all or none (issue 32)', async () => {
    const faults = createSimFaultsRepository(sqliteSql(db), 1);
    expect(await run(['sim', 'sensor', '1-3,5,2', 'off'])).toBe(0);
    expect(out).toEqual(['Sensors of 4 rooms switched off; the server simulates them within 5 s.']);
    expect([...(await faults.all()).keys()]).toEqual([1, 2, 3, 5]);
    expect(await run(['sim', 'window', '6-7', 'open'])).toBe(0);
    expect((await faults.all()).get(7)).toEqual({
      windowOpen: true,
      sensorOff: false,
      writesIgnored: false,
    });
    // Room 4 has no sensor, room 99 does not exist: nothing of either list is written.
    expect(await run(['sim', 'sensor', '6,4', 'off'])).toBe(1);
    expect(await run(['sim', 'window', '6,99', 'closed'])).toBe(1);
    expect(err).toEqual(['Error: room 4 (Gäste-WC) has no sensor', 'Error: there is no room 99']);
    expect((await faults.all()).get(6)).toEqual({
      windowOpen: true,
      sensorOff: false,
      writesIgnored: false,
    });
    for (const bad of ['3-1', '1,,2', '1-', '0-99999999', '-5']) {
      expect(await run(['sim', 'window', bad, 'open']), bad).toBe(2);
    }
  });

  it('sim writes makes rooms answer writes as taken without taking them, and back (issue 33)', async () => {
    const faults = createSimFaultsRepository(sqliteSql(db), 1);
    expect(await run(['sim', 'writes', '4', 'ignored'])).toBe(0);
    expect(await run(['sim', 'writes', '1-3', 'ignored'])).toBe(0);
    expect(out).toEqual([
      'Writes to room 4 (Gäste-WC) are ignored: the device answers them as taken and keeps the old values.',
      'Writes to 3 rooms are ignored: the device answers them as taken and keeps the old values.',
    ]);
    // A room without a sensor takes the fault too: it is about writes, not readings.
    expect(await Promise.all([1, 2, 3, 4].map((id) => faults.writesIgnored(id)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(await faults.writesIgnored(5)).toBe(false);
    expect((await faults.all()).get(2)).toEqual({
      windowOpen: false,
      sensorOff: false,
      writesIgnored: true,
    });
    out = [];
    expect(await run(['sim', 'writes', '1-4', 'taken'])).toBe(0);
    expect(out).toEqual(['Writes to 4 rooms are taken again.']);
    expect(await faults.all()).toEqual(new Map());
    expect(await run(['sim', 'writes', '1', 'dropped'])).toBe(2);
    expect(await run(['sim', 'writes', '99', 'ignored'])).toBe(1);
    expect(await run(['sim', 'writes', '1', 'ignored'], true)).toBe(1);
    expect(err.filter((line) => line.startsWith('Error'))).toEqual([
      'Error: the state must be ignored|taken, got "dropped"',
      'Error: there is no room 99',
      'Error: the building is not simulated in proxy mode (UPSTREAM_URL is set)',
    ]);
    expect(await faults.all()).toEqual(new Map());
  });

  it('user language sets de or en', async () => {
    const language = () =>
      db.prepare("SELECT language FROM users WHERE username = 'demo'").pluck().get();
    expect(language()).toBe('de');
    expect(await run(['user', 'language', 'demo', 'en'])).toBe(0);
    expect(language()).toBe('en');
    expect(await run(['user', 'language', 'demo', 'fr'])).toBe(2);
    expect(await run(['user', 'language', 'niemand', 'de'])).toBe(1);
    expect(language()).toBe('en');
  });
});
