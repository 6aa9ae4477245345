import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuditResponse, Floor, Permissions } from '@raumregler/contract';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { EXTERNAL_CHECK_MS } from '../building/index.js';
import { openDatabase } from '../../platform/database/open.js';
import {
  HAUSMEISTER,
  MIETER,
  SCHLAFZIMMER,
  scopedSeed,
} from '../../test-support/scoped-building.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo, writesTo } from '../../test-support/writes.js';
import { sqliteStore } from '../../platform/database/store.js';

// Issue 34: scope, validity and limits from the command line reach a running server within a
// second. The CLI is another connection to the server's database file, as in real life.
const clock = manualClock('2026-11-23T10:00');
let dir: string;
let server: TestServer;
let cliDb: Database;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  dir = mkdtempSync(path.join(tmpdir(), 'raumregler-scope-'));
  const databaseFile = path.join(dir, 'raumregler.sqlite');
  server = await startTestServer({
    seed: scopedSeed(),
    config: { databaseFile, dataDir: dir },
    now: clock.now,
  });
  cliDb = openDatabase(databaseFile);
});
afterEach(async () => {
  cliDb.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    sqliteStore(cliDb),
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const { multipart } = writesTo(() => server);
const temps = async (auth: [string, string]) => {
  const response = await server.request('/get/json/v1/1/temps/', { auth });
  return {
    status: response.status,
    rooms: response.ok ? ((await response.json()) as Floor[]).flatMap((floor) => floor.raeume) : [],
  };
};
const ids = async (auth: [string, string]) => (await temps(auth)).rooms.map((room) => room.id);
/** A second passes: the sign-in cache reads the user again, the answers their data. */
/**
 * A second of the server's clock, and long enough in real time for the server to notice the
 * CLI's commit (it asks the file every EXTERNAL_CHECK_MS, on a real timer).
 */
const aSecondLater = async () => {
  clock.advance(1000);
  await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 100));
};

describe('user scope', () => {
  it('changes what a signed-in user sees within a second, and is audited', async () => {
    expect(await ids(MIETER)).toEqual([SCHLAFZIMMER]);
    expect(await cli('user', 'scope', 'mieter', '--floors', '1', '--rooms', '6')).toMatchObject({
      code: 0,
      out: '"mieter" now sees floors 1 and rooms 6.',
    });
    await aSecondLater();
    expect(await ids(MIETER)).toEqual([1, 2, 3, 4, 6]);
    expect((await cli('user', 'scope', 'mieter', '--all')).code).toBe(0);
    await aSecondLater();
    expect(await ids(MIETER)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const permissions = (await (
      await server.request('/get/json/v1/1/permissions/', { auth: MIETER })
    ).json()) as Permissions;
    expect(permissions).toMatchObject({ floors: [], rooms: [] });
    const audit = (await (
      await server.request('/api/audit/?user=mieter', { auth: demo })
    ).json()) as AuditResponse;
    expect(audit.entries.map((entry) => entry.action)).toEqual(['scope-changed', 'scope-changed']);
    expect((await cli('user', 'list')).out).toMatch(/^mieter\t.*smart=permanent\tpro=permanent$/m);
  });

  it('refuses unknown floors and rooms, bad input, and leaving no building-wide manager', async () => {
    expect(await cli('user', 'scope', 'mieter')).toMatchObject({ code: 2 });
    expect(await cli('user', 'scope', 'mieter', '--floors', 'EG')).toMatchObject({ code: 2 });
    expect(await cli('user', 'scope', 'mieter', '--all', '--rooms', '1')).toMatchObject({
      code: 2,
    });
    expect(await cli('user', 'scope', 'mieter', '--floors', '9')).toMatchObject({
      code: 1,
      err: 'Error: there is no floor 9',
    });
    expect(await cli('user', 'scope', 'mieter', '--rooms', '99')).toMatchObject({ code: 1 });
    expect((await cli('user', 'scope', 'techniker', '--floors', '1')).code).toBe(0);
    const last = await cli('user', 'scope', 'demo', '--floors', '1');
    expect(last.code).toBe(1);
    expect(last.err).toContain('last user who manages the whole building');
    expect(await ids(demo)).toHaveLength(7);
  });
});

describe('a floor scope', () => {
  it('follows a room moved to another floor by a seed import, within a second', async () => {
    expect(await ids(HAUSMEISTER)).toEqual([1, 2, 3, 4]);
    const seed = scopedSeed();
    const moved = seed.floors[1]!.rooms.shift()!;
    seed.floors[0]!.rooms.push(moved);
    const file = path.join(dir, 'moved.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...seed,
        users: seed.users.map(({ firstName: _f, lastName: _l, ...user }) => user),
      }),
    );
    expect(await cli('seed', 'import', file)).toMatchObject({ code: 0 });
    await aSecondLater();
    expect(await ids(HAUSMEISTER)).toEqual([1, 2, 3, 4, SCHLAFZIMMER]);
    expect((await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '22' }, HAUSMEISTER)).status).toBe(
      200,
    );
  });
});

describe('user valid', () => {
  it("takes a user's rooms away outside the days, and gives them back", async () => {
    expect(
      await cli('user', 'valid', 'mieter', '--from', '2027-01-01', '--until', '2027-12-31'),
    ).toMatchObject({ code: 0 });
    await aSecondLater();
    expect((await temps(MIETER)).status).toBe(403);
    expect((await server.request('/get/json/v1/1/info/', { auth: MIETER })).status).toBe(200);
    expect((await cli('user', 'valid', 'mieter', '--always')).code).toBe(0);
    await aSecondLater();
    expect(await ids(MIETER)).toEqual([SCHLAFZIMMER]);
  });

  it('refuses bad days', async () => {
    expect(await cli('user', 'valid', 'mieter', '--from', '2027-13-01')).toMatchObject({ code: 2 });
    expect(
      await cli('user', 'valid', 'mieter', '--from', '2027-02-01', '--until', '2027-01-01'),
    ).toMatchObject({ code: 2 });
    expect(await cli('user', 'valid', 'mieter')).toMatchObject({ code: 2 });
  });
});

describe('room limits', () => {
  it('sets and removes limits on a running server within a second', async () => {
    expect(await cli('room', 'limits', '5', '--min', '17', '--max', '20,5')).toMatchObject({
      code: 0,
      out: 'Room 5 (Schlafzimmer) now has limits 17,0–20,5 °C for users who do not manage it.',
    });
    await aSecondLater();
    expect((await temps(MIETER)).rooms[0]!.limits).toEqual({ min: 17, max: 20.5 });
    expect((await multipart('ziel/5/', { ziel: '21' }, MIETER)).status).toBe(400);
    expect((await cli('room', 'limits', '5', '--none')).code).toBe(0);
    await aSecondLater();
    expect((await temps(MIETER)).rooms[0]!.limits).toBeNull();
    expect((await multipart('ziel/5/', { ziel: '21' }, MIETER)).status).toBe(200);
  });

  it('refuses incomplete or bad limits and unknown rooms', async () => {
    expect(await cli('room', 'limits', '5', '--min', '16')).toMatchObject({ code: 2 });
    expect(await cli('room', 'limits', '5', '--min', '16.3', '--max', '20')).toMatchObject({
      code: 2,
    });
    expect(await cli('room', 'limits', '5', '--min', '22', '--max', '20')).toMatchObject({
      code: 2,
    });
    expect(await cli('room', 'limits', '5', '--none', '--max', '20')).toMatchObject({ code: 2 });
    expect(await cli('room', 'limits', '99', '--none')).toMatchObject({ code: 1 });
  });
});
