import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importSeed } from '../modules/building/seed-import.js';
import type { Seed } from '../modules/building/seed.js';
import { openDatabase } from '../platform/database/open.js';
import { openStore, sqliteStore, type Store } from '../platform/database/store.js';
import { startPostgres, type PostgresCluster } from '../test-support/postgres.js';
import { basic, demoSeed } from '../test-support/test-server.js';
import { runCli } from './commands.js';

let cluster: PostgresCluster;
beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

const config = { ...loadConfig({}), databaseFile: ':memory:', webDist: null, simSpeed: 0 };
/** One instant for all servers: their answers (countdowns, next switch) can be compared. */
const now = () => Date.parse('2026-11-26T09:00:00Z');
const DEMO: [string, string] = ['demo', 'demo1234'];

async function cli(store: Parameters<typeof runCli>[1], ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    store,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    Date.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** The store for a server that must not close it (the test reads it on). */
const kept = (store: Store): Store => ({ ...store, close: async () => undefined });

/** A server on the store (on a port, as one is used), for one look; closed after it. */
async function withServer<T>(store: Store, look: (get: Get) => Promise<T>): Promise<T> {
  const app = await buildApp({ config, store: kept(store), logger: false, now });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    return await look(async (url, auth = DEMO, init = {}) => {
      const response = await fetch(`${base}${url}`, {
        method: init.method ?? 'GET',
        // A form carries its own credentials (the device API's writes).
        headers: init.body ? init.headers : { authorization: basic(...auth) },
        body: init.body,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    });
  } finally {
    const closed = app.close();
    app.server.closeAllConnections();
    await closed;
  }
}
type Get = (
  url: string,
  auth?: [string, string],
  init?: { method?: 'POST'; headers?: Record<string, string>; body?: string },
) => Promise<{ status: number; body: unknown }>;

/** What the device API and our API answer about building `house`: what a person sees. */
const answers = (store: Store, house: number, auth: [string, string] = DEMO) =>
  withServer(store, async (get) => ({
    temps: await get(`/get/json/v1/${house}/temps/`, auth),
    audit: await get(`/api/audit/?house=${house}`, auth),
    history: await get(
      `/api/history/1/?house=${house}&from=2026-11-20T00:00&to=2026-11-27T00:00`,
      auth,
    ),
  }));

/** A building's room changes as the audit answers them (account events are not the building's). */
const roomEntries = (audit: { body: unknown }) =>
  (audit.body as { entries: { id: number; room: unknown }[] }).entries
    .filter((entry) => entry.room !== null)
    // Without the id: the copy numbers the entries anew.
    .map(({ id: _id, ...entry }) => entry);

/** A SQLite building in use: two days of history, a target set (audited), an access token. */
async function usedBuilding(seed: Seed, auth: [string, string], target: number) {
  const db = openDatabase(':memory:');
  const source = sqliteStore(db);
  await importSeed(source.sql, seed, now());
  const app = await buildApp({
    config: { ...config, historyBackfillDays: 2 },
    store: kept(source),
    logger: false,
    now,
  });
  try {
    await app.historyOf(app.houses.own()).startBackfill();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const credentials = `user=${auth[0]}&password=${auth[1]}`;
    const set = await app.inject({
      method: 'POST',
      url: '/set/json/v1/1/ziel/1/',
      payload: `${credentials}&ziel=${target}`,
      headers: form,
    });
    expect(set.statusCode).toBe(200);
    const token = await app.inject({
      method: 'POST',
      url: '/api/tokens/',
      payload: `${credentials}&name=Grafana&access=read`,
      headers: form,
    });
    expect(token.statusCode).toBe(201);
  } finally {
    await app.close();
  }
  return { db, source };
}

/** The second building: the demo's rooms (same numbers), its own name and users, one of them `Demo`. */
function schoolSeed(): Seed {
  const seed = demoSeed();
  seed.building.name = 'Schule Nord';
  delete seed.building.demoLogin;
  seed.users = [
    {
      ...seed.users[0]!,
      username: 'Demo',
      email: 'demo@schule-nord.example',
      password: 'anders1234',
    },
    {
      ...seed.users[0]!,
      username: 'hausmeister',
      email: 'hausmeister@schule-nord.example',
      password: 'hausmeister1234',
      firstName: 'Hans',
      lastName: 'Meister',
    },
  ];
  return seed;
}

/** Rows per table of the PostgreSQL database. */
async function rowCounts(url: string): Promise<Record<string, number>> {
  const store = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
  try {
    const tables = await store.sql
      .selectFrom('information_schema.tables' as never)
      .select('table_name as name' as never)
      .where('table_schema' as never, '=', 'public' as never)
      .where('table_type' as never, '=', 'BASE TABLE' as never)
      .execute();
    const counts: Record<string, number> = {};
    for (const { name } of tables as { name: string }[]) {
      const [row] = (await store.sql
        .selectFrom(name as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .execute()) as { n: number }[];
      counts[name] = Number(row!.n);
    }
    return counts;
  } finally {
    await store.close();
  }
}

function sqliteCounts(db: BetterSqlite3.Database): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { name } of db
    .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
    .all() as { name: string }[]) {
    counts[name] = (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n;
  }
  return counts;
}

describe('db copy --to', () => {
  it('copies a building in use into an empty PostgreSQL as its own house, which then answers the same', async () => {
    const { db, source } = await usedBuilding(demoSeed(), DEMO, 22.5);
    const before = await withServer(source, async (get) => ({
      ...(await answers(source, 1)),
      tokens: await get('/api/tokens/'),
    }));
    expect(roomEntries(before.audit)).not.toHaveLength(0);

    const url = await cluster.newDatabase();
    const copied = await cli(source, 'db', 'copy', '--to', url);
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.out).toMatch(
      /^Copied into PostgreSQL: building "Musterhaus" as house 1; 4 users \(4 new, 0 existing there: they keep their password and e-mail and gain access\), 7 rooms, [1-9]\d* history rows \(samples, packed hours, 15-minute means\), [1-9]\d* audit entries, 0 alarms; \d+ rows in \d+ tables\.\nThe file's global settings \(the demo login\) were copied: the PostgreSQL database had none\.\nAccess tokens work there with the same TOKEN_SECRET/,
    );
    // Every table holds the rows of the file: the same number.
    const counts = await rowCounts(url);
    for (const [name, n] of Object.entries(sqliteCounts(db))) expect(counts[name], name).toBe(n);
    const target = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    try {
      // New rows continue after the copied ids.
      const { id } = await target.sql
        .insertInto('audit_log')
        .values({ at: Date.now(), username: 'demo', action: 'ziel', source: 'api' })
        .returning('id')
        .executeTakeFirstOrThrow();
      expect(id).toBe(
        (db.prepare('select max(id) as n from audit_log').get() as { n: number }).n + 1,
      );
      await target.sql.deleteFrom('audit_log').where('id', '=', id).execute();
      expect(
        await withServer(target, async (get) => ({
          ...(await answers(target, 1)),
          tokens: await get('/api/tokens/'),
        })),
      ).toEqual(before);
    } finally {
      await target.close();
    }
  });

  it('copies a second building beside the first as --house-id 2: each with its own rooms, history and audit; a shared user keeps the first password', async () => {
    const url = await cluster.newDatabase();
    const first = await usedBuilding(demoSeed(), DEMO, 22.5);
    expect(await cli(first.source, 'db', 'copy', '--to', url)).toMatchObject({ code: 0 });
    const school = await usedBuilding(schoolSeed(), ['Demo', 'anders1234'], 19);
    const schoolBefore = await answers(school.source, 1, ['Demo', 'anders1234']);
    const firstBefore = await answers(first.source, 1);

    // The file's house (1) is taken there: refused, naming it, and nothing changes.
    const counts = await rowCounts(url);
    expect(await cli(school.source, 'db', 'copy', '--to', url)).toMatchObject({
      code: 1,
      err: expect.stringContaining(
        'Error: building 1 ("Musterhaus") already exists in the PostgreSQL database; copy as another house with --house-id <n>',
      ),
    });
    expect(await rowCounts(url)).toEqual(counts);

    const copied = await cli(school.source, 'db', 'copy', '--to', url, '--house-id', '2');
    expect(copied.err).toBe('');
    expect(copied.out).toMatch(
      /^Copied into PostgreSQL: building "Schule Nord" as house 2 \(house 1 in the file\); 2 users \(1 new, 1 existing there: they keep their password and e-mail and gain access\), 7 rooms, [1-9]\d* history rows \(samples, packed hours, 15-minute means\), [1-9]\d* audit entries, 0 alarms; \d+ rows in \d+ tables\.\nThe file's global settings \(the demo login\) were not copied: the PostgreSQL database has its own\./,
    );

    const target = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    try {
      const HAUSMEISTER: [string, string] = ['hausmeister', 'hausmeister1234'];
      const after = await withServer(target, async (get) => ({
        first: await answers(target, 1),
        school: await answers(target, 2),
        // Demo holds access in both, with the first building's password only.
        buildings: await get('/api/buildings/'),
        otherPassword: (await get('/get/json/v1/2/temps/', ['Demo', 'anders1234'])).status,
        tokens: ((await get('/api/tokens/')).body as { tokens: unknown[] }).tokens.length,
        // The school's own user sees the school only.
        hausmeister: (await get('/get/json/v1/2/temps/', HAUSMEISTER)).status,
        hausmeisterFirst: (await get('/get/json/v1/1/temps/', HAUSMEISTER)).status,
        // The copied building is written to on PostgreSQL: its audit entries number on.
        set: (
          await get('/set/json/v1/2/ziel/2/', DEMO, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'user=demo&password=demo1234&ziel=21',
          })
        ).status,
      }));
      expect(after.first.temps).toEqual(firstBefore.temps);
      expect(after.first.history).toEqual(firstBefore.history);
      expect(roomEntries(after.first.audit)).toEqual(roomEntries(firstBefore.audit));
      expect(after.school.temps).toEqual(schoolBefore.temps);
      expect(after.school.history).toEqual(schoolBefore.history);
      expect(roomEntries(after.school.audit)).toEqual(roomEntries(schoolBefore.audit));
      expect(after.school.temps).not.toEqual(after.first.temps);
      expect(
        (after.buildings.body as { buildings: { house_id: number; name: string }[] }).buildings.map(
          (b) => [b.house_id, b.name],
        ),
      ).toEqual([
        [1, 'Musterhaus'],
        [2, 'Schule Nord'],
      ]);
      expect(after.otherPassword).toBe(401);
      expect(after.tokens).toBe(2);
      expect(after.hausmeister).toBe(200);
      expect(after.hausmeisterFirst).toBe(404);
      expect(after.set).toBe(200);
      // The school's history backfill is done, as in its file: the server does not begin it again.
      const backfill = await target.sql
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'like', 'history.backfill.%')
        .orderBy('key')
        .execute();
      expect(backfill).toEqual([
        { key: 'history.backfill.1', value: 'done' },
        { key: 'history.backfill.2', value: 'done' },
      ]);
    } finally {
      await target.close();
    }

    // Into house 2 again (or 1): refused, and nothing changes.
    const taken = await rowCounts(url);
    expect(await cli(school.source, 'db', 'copy', '--to', url, '--house-id', '2')).toMatchObject({
      code: 1,
      err: expect.stringContaining('building 2 ("Schule Nord") already exists'),
    });
    expect(await rowCounts(url)).toEqual(taken);
  });

  it('fills an empty building (a server started on the empty database); a file of several buildings keeps their ids, refusing --house-id', async () => {
    const url = await cluster.newDatabase();
    // A server's first start makes its own building, empty.
    const started = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    await withServer(started, async () => undefined);
    await started.close();
    const { source, db } = await usedBuilding(demoSeed(), DEMO, 22.5);
    const before = await answers(source, 1);
    expect(await cli(source, 'db', 'copy', '--to', url)).toMatchObject({ code: 0 });
    const target = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    try {
      expect(await answers(target, 1)).toEqual(before);
    } finally {
      await target.close();
    }

    db.prepare("insert into buildings (house_id, name, created_at) values (3, 'Halle', 0)").run();
    const several = await cli(source, 'db', 'copy', '--to', url, '--house-id', '5');
    expect(several).toMatchObject({
      code: 1,
      err: 'Error: the SQLite database holds 2 buildings (house ids 1, 3); --house-id renumbers a single one: copy without it to keep their ids',
    });
    // Without --house-id: each with its own id.
    const both = await cli(source, 'db', 'copy', '--to', await cluster.newDatabase());
    expect(both.out).toMatch(
      /^Copied into PostgreSQL: building "Musterhaus" as house 1, building "Halle" as house 3; /,
    );
  });

  it('needs the SQLite file as its source and a PostgreSQL URL, and never echoes the URL', async () => {
    const url = await cluster.newDatabase();
    const onPostgres = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    try {
      expect(await cli(onPostgres, 'db', 'copy', '--to', url)).toMatchObject({
        code: 1,
        err: expect.stringContaining('unset DATABASE_URL'),
      });
    } finally {
      await onPostgres.close();
    }
    const source = sqliteStore(openDatabase(':memory:'));
    expect(await cli(source, 'db', 'copy')).toMatchObject({ code: 2 });
    expect(await cli(source, 'db', 'copy', '--to', url, '--house-id', 'x')).toMatchObject({
      code: 2,
      err: expect.stringContaining('--house-id must be a whole number'),
    });
    const bad = await cli(source, 'db', 'copy', '--to', 'mysql://root:s3cret@db/x');
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('--to must be postgres://');
    expect(bad.err).not.toContain('s3cret');
    const wrong = await cli(
      source,
      'db',
      'copy',
      '--to',
      url.replace(/:[^:@/]+@/, ':wrong-s3cret@'),
    );
    expect(wrong.code).toBe(1);
    expect(wrong.err).not.toContain('wrong-s3cret');
  });
});
