import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../test-support/postgres.js';
import { migrationsDir } from './migrate.js';
import { openDatabase } from './open.js';
import { migratePostgres, openPostgres, type PostgresDatabase } from './postgres.js';
import type { Sql } from './schema.js';
import { sqliteSql } from './sql.js';

let cluster: PostgresCluster;
const opened: PostgresDatabase[] = [];

beforeAll(async () => {
  cluster = await startPostgres();
}, 60_000);
afterAll(async () => {
  await Promise.all(opened.map((each) => each.close()));
  await cluster?.stop();
});

/** A fresh empty database of the cluster, opened (closed after the file). */
async function fresh(): Promise<{ url: string; db: PostgresDatabase }> {
  const url = await cluster.newDatabase();
  const db = await openPostgres(url);
  opened.push(db);
  return { url, db };
}

const postgresVersions = readdirSync(migrationsDir('postgres'))
  .filter((name) => /^\d+-.+\.sql$/.test(name))
  .map((name) => Number.parseInt(name, 10))
  .sort((a, b) => a - b);

const appliedVersions = async (db: Sql) =>
  (
    await sql<{ version: number }>`select version from schema_migrations order by version`.execute(
      db,
    )
  ).rows.map((row) => row.version);

/** Every table with its columns in order: name, NOT NULL, has a default. */
async function tablesOf(db: Sql, primaryKeys: Set<string> = new Set()) {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      // The history's monthly partitions (and their default one) are parts of their table.
      .filter(
        (table) =>
          table.name !== 'schema_migrations' && !/_(default|y\d{4}m\d{2})$/.test(table.name),
      )
      .map(
        (table) =>
          [
            table.name,
            table.columns.map((column) => ({
              name: column.name,
              // SQLite reports a one-column primary key as nullable; it never holds NULL here.
              notNull: !column.isNullable || primaryKeys.has(`${table.name}.${column.name}`),
              hasDefault: column.hasDefaultValue,
            })),
          ] as const,
      )
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}

/** SQLite's primary-key columns, `table.column`. */
async function sqlitePrimaryKeys(db: Sql) {
  const keys = await sql<{ name: string }>`
    select t.name || '.' || c.name as name
      from sqlite_schema t, pragma_table_info(t.name) c
     where t.type = 'table' and c.pk > 0`.execute(db);
  return new Set(keys.rows.map((row) => row.name));
}

describe('PostgreSQL migrations', () => {
  it('create the schema on an empty database, and apply nothing the second time', async () => {
    const { db } = await fresh();
    expect(await migratePostgres(db.sql)).toEqual(postgresVersions);
    expect(Object.keys(await tablesOf(db.sql))).toContain('users');
    expect(await appliedVersions(db.sql)).toEqual(postgresVersions);

    expect(await migratePostgres(db.sql)).toEqual([]);
    expect(await appliedVersions(db.sql)).toEqual(postgresVersions);
  });

  it('run once when two nodes start at once on an empty database, and both come up', async () => {
    const { url, db: first } = await fresh();
    const second = await openPostgres(url);
    opened.push(second);
    const [a, b] = await Promise.all([migratePostgres(first.sql), migratePostgres(second.sql)]);
    // One of them applied everything, the other waited for the lock and found it done.
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([postgresVersions, []]);
    expect(await appliedVersions(first.sql)).toEqual(postgresVersions);
  });

  it('run as the database owner, who is not a superuser', async () => {
    const { db } = await fresh();
    const role = await sql<{
      rolsuper: boolean;
      owner: string;
      me: string;
    }>`select rolsuper, current_user as me,
         (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) as owner
       from pg_roles where rolname = current_user`.execute(db.sql);
    expect(role.rows).toEqual([{ rolsuper: false, me: 'raumregler', owner: 'raumregler' }]);
    expect(await migratePostgres(db.sql)).toEqual(postgresVersions);
    // The tables belong to the owner, so later migrations (as the owner) may alter them.
    const owners = await sql<{
      tableowner: string;
    }>`select distinct tableowner from pg_tables where schemaname = 'public'`.execute(db.sql);
    expect(owners.rows).toEqual([{ tableowner: 'raumregler' }]);
  });
});

describe("the test cluster's migrated databases", () => {
  it('are copies of the migrated schema, owned by the owner, two at once', async () => {
    const urls = await Promise.all([cluster.migratedDatabase(), cluster.migratedDatabase()]);
    for (const url of urls) {
      const db = await openPostgres(url);
      opened.push(db);
      expect(await appliedVersions(db.sql)).toEqual(postgresVersions);
      expect(await migratePostgres(db.sql)).toEqual([]);
      const owners = await sql<{
        tableowner: string;
      }>`select distinct tableowner from pg_tables where schemaname = 'public'`.execute(db.sql);
      expect(owners.rows).toEqual([{ tableowner: 'raumregler' }]);
    }
    // Each its own: a row in one is not in the other.
    const [first, second] = opened.slice(-2);
    await sql`insert into settings (key, value) values ('k', 'v')`.execute(first!.sql);
    const rows = await sql`select * from settings`.execute(second!.sql);
    expect(rows.rows).toEqual([]);
  });
});

describe('the PostgreSQL schema', () => {
  let postgres: Sql;
  let sqliteDb: ReturnType<typeof openDatabase>;
  let sqlite: Sql;
  beforeAll(async () => {
    postgres = (await fresh()).db.sql;
    await migratePostgres(postgres);
    sqliteDb = openDatabase(':memory:');
    sqlite = sqliteSql(sqliteDb);
  });
  afterAll(() => sqliteDb?.close());

  it("has SQLite's tables with the same columns in the same order, NOT NULL and defaults", async () => {
    const onSqlite = await tablesOf(sqlite, await sqlitePrimaryKeys(sqlite));
    expect(Object.keys(onSqlite).length).toBeGreaterThan(15);
    expect(await tablesOf(postgres)).toEqual(onSqlite);
  });

  const both = () =>
    [
      ['sqlite', sqlite],
      ['postgres', postgres],
    ] as const;

  const addUser = (db: Sql, username: string, email: string) =>
    sql`insert into users (username, email, password_hash, created_at)
        values (${username}, ${email}, 'hash', ${Date.now()})`.execute(db);

  it('refuses a username or e-mail that differs only in ASCII case, on both engines', async () => {
    for (const [engine, db] of both()) {
      await addUser(db, 'Hausmeister', 'hm@example.com');
      await expect(addUser(db, 'hAUSMEISTER', 'other@example.com'), engine).rejects.toThrow(
        /unique/i,
      );
      await expect(addUser(db, 'someone', 'HM@Example.COM'), engine).rejects.toThrow(/unique/i);
      // NOCASE folds A–Z only: these are two names on both engines.
      await addUser(db, 'Ärger', 'a1@example.com');
      await addUser(db, 'ärger', 'a2@example.com');
      const names = await sql<{
        username: string;
      }>`select username from users where lower(username) = ${'hausmeister'}`.execute(db);
      expect(names.rows, engine).toEqual([{ username: 'Hausmeister' }]);
    }
  });

  // Building 1 (SQLite's migration 019 makes the row of HOUSE_ID; on PostgreSQL the server does).
  const building = (db: Sql) =>
    sql`insert into buildings (house_id, name, created_at) values (1, 'Haus', 0)
        on conflict do nothing`.execute(db);

  it('refuses a room of a floor that does not exist, and deletes a floor with its rooms', async () => {
    for (const [engine, db] of both()) {
      await building(db);
      await expect(
        sql`insert into rooms (house_id, id, floor_id, name, position, base_target)
            values (1, 1, 999, 'Küche', 0, 20)`.execute(db),
        engine,
      ).rejects.toThrow(/foreign key/i);
      await sql`insert into floors (house_id, id, name, position) values (1, 1, 'EG', 0)`.execute(
        db,
      );
      await sql`insert into rooms (house_id, id, floor_id, name, position, base_target)
                values (1, 1, 1, 'Küche', 0, 20)`.execute(db);
      await sql`delete from floors where house_id = 1 and id = 1`.execute(db);
      const left = await sql<{ n: number }>`select count(*) as n from rooms`.execute(db);
      expect(left.rows, engine).toEqual([{ n: 0 }]);
    }
  });

  it('keeps at most one open alarm per room and kind, on both engines', async () => {
    const open = (db: Sql) =>
      sql`insert into alarms (house_id, room_id, room_name, floor_name, kind, since, opened_at)
          values (1, 7, 'Bad', 'OG', 'too-cold', 1, 1)`.execute(db);
    for (const [engine, db] of both()) {
      await building(db);
      await open(db);
      await expect(open(db), engine).rejects.toThrow(/unique/i);
      await sql`update alarms set state = 'cleared'`.execute(db);
      await open(db);
    }
  });

  it('gives an epoch-ms BIGINT and a count back as JS numbers', async () => {
    const at = 1_893_456_000_123; // 2030-01-01T00:00:00.123Z
    await sql`insert into audit_log (at, action, source) values (${at}, 'test', 'cli')`.execute(
      postgres,
    );
    const row = await sql<{
      at: number;
      id: number;
      n: number;
      mean: number;
    }>`select at, id, (select count(*) from audit_log) as n,
         (select avg(at) from audit_log) as mean from audit_log`.execute(postgres);
    expect(row.rows).toEqual([{ at, id: 1, n: 1, mean: at }]);
    expect(typeof row.rows[0]!.at).toBe('number');
  });
});
