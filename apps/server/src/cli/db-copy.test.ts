import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { importSeed } from '../modules/building/seed-import.js';
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
/** One instant for both servers: their answers (countdowns, next switch) can be compared. */
const now = () => Date.parse('2026-11-26T09:00:00Z');

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

/** What the device API and our API answer for the demo user: what a person sees. */
async function answers(store: Store) {
  const app = await buildApp({ config, store, logger: false, now });
  try {
    const get = async (url: string) =>
      (await app.inject({ url, headers: { authorization: basic('demo', 'demo1234') } })).json();
    return {
      temps: await get('/get/json/v1/1/temps/'),
      audit: await get('/api/audit/'),
      history: await get('/api/history/1/?from=2026-11-20T00:00&to=2026-11-27T00:00'),
      tokens: await get('/api/tokens/'),
    };
  } finally {
    await app.close();
  }
}

describe('db copy --to', () => {
  it('copies every table of the SQLite database into an empty PostgreSQL, which then answers the same', async () => {
    const db = openDatabase(':memory:');
    const source = sqliteStore(db);
    await importSeed(source.sql, demoSeed(), now());
    // A history, an audit entry, a token and an alarm, as a building in use has them.
    const app = await buildApp({
      config: { ...config, historyBackfillDays: 2 },
      store: source,
      logger: false,
      now,
    });
    await app.historyOf(app.houses.own()).startBackfill();
    const set = await app.inject({
      method: 'POST',
      url: '/set/json/v1/1/ziel/1/',
      payload: 'user=demo&password=demo1234&ziel=22.5',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(set.statusCode).toBe(200);
    const token = await app.inject({
      method: 'POST',
      url: '/api/tokens/',
      payload: 'user=demo&password=demo1234&name=Grafana&access=read',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.statusCode).toBe(201);
    const before = await answers({ ...source, close: async () => undefined });
    expect(before.audit.entries).not.toHaveLength(0);

    const url = await cluster.newDatabase();
    const copied = await cli(source, 'db', 'copy', '--to', url);
    expect(copied.err).toBe('');
    expect(copied.code).toBe(0);
    expect(copied.out).toMatch(
      /^Copied into PostgreSQL: 4 users, 7 rooms, [1-9]\d* history rows \(samples, packed hours, 15-minute means\), [1-9]\d* audit entries; \d+ rows in \d+ tables\.\nAccess tokens work there with the same TOKEN_SECRET/,
    );
    const target = await openStore({ databaseUrl: url, databaseFile: ':memory:' });
    // Every table holds the same number of rows.
    for (const { name } of db
      .prepare("select name from sqlite_schema where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[]) {
      const n = (db.prepare(`select count(*) as n from "${name}"`).get() as { n: number }).n;
      const [row] = (await target.sql
        .selectFrom(name as never)
        .select((eb) => eb.fn.countAll().as('n'))
        .execute()) as { n: number }[];
      expect(row!.n, name).toBe(n);
    }
    // New rows continue after the copied ids.
    const { id } = await target.sql
      .insertInto('audit_log')
      .values({ at: Date.now(), username: 'demo', action: 'ziel', source: 'api' })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBe(before.audit.entries.length + 1);
    await target.sql.deleteFrom('audit_log').where('id', '=', id).execute();
    expect(await answers(target)).toEqual(before);
    await app.close();

    // Into a database that holds a building already: refused, nothing changes.
    const again = await cli(sqliteStore(openDatabase(':memory:')), 'db', 'copy', '--to', url);
    expect(again).toMatchObject({
      code: 1,
      err: 'Error: the PostgreSQL database already holds users or a building; db copy fills an empty one',
    });
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
