import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../test-support/postgres.js';
import { createGroupCommit } from './group-commit.js';
import { openDatabase } from './open.js';
import { openPostgres } from './postgres.js';
import type { Engine, Sql } from './schema.js';
import { sqliteSql } from './sql.js';

/** An empty migrated database of each engine, and how to close it. */
interface Opened {
  query: Sql;
  close(): Promise<void>;
}

let cluster: PostgresCluster | null = null;

const engines: { engine: Engine; open: () => Promise<Opened> }[] = [
  {
    engine: 'sqlite',
    open: async () => {
      const db = openDatabase(':memory:');
      return {
        query: sqliteSql(db),
        close: async () => {
          db.close();
        },
      };
    },
  },
  {
    engine: 'postgres',
    open: async () => {
      const opened = await openPostgres(await cluster!.migratedDatabase());
      return { query: opened.sql, close: opened.close };
    },
  },
];

afterAll(async () => {
  await cluster?.stop();
});

describe.each(engines)('the group commit on $engine', ({ engine, open }) => {
  let opened: Opened;
  let query: Sql;
  beforeAll(async () => {
    // One cluster for the file, started before the tests' timeouts count; a database per test.
    if (engine === 'postgres') cluster = await startPostgres();
  }, 60_000);
  beforeEach(async () => {
    opened = await open();
    query = opened.query;
  });
  afterEach(() => opened.close());

  const value = async (key: string) =>
    (await query.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
      ?.value;

  it('commits the writes of one turn together; one that throws changes nothing, the rest stay', async () => {
    const commit = createGroupCommit(query, engine);
    const put = (key: string) =>
      commit(async (tx) => {
        await tx.insertInto('settings').values({ key, value: key }).execute();
        return key;
      });
    const failing = commit(async (tx) => {
      await tx.insertInto('settings').values({ key: 'broken', value: 'x' }).execute();
      throw new Error('refused');
    });
    const results = await Promise.allSettled([put('a'), failing, put('b')]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([await value('a'), await value('broken'), await value('b')]).toEqual([
      'a',
      undefined,
      'b',
    ]);
  });

  it('keeps the others when a write fails in the database (a duplicate key)', async () => {
    const commit = createGroupCommit(query, engine);
    await commit((tx) => tx.insertInto('settings').values({ key: 'taken', value: '1' }).execute());
    const results = await Promise.allSettled([
      commit((tx) => tx.insertInto('settings').values({ key: 'a', value: 'a' }).execute()),
      // PostgreSQL aborts the whole transaction on an error unless the savepoint is rolled back.
      commit((tx) => tx.insertInto('settings').values({ key: 'taken', value: '2' }).execute()),
      commit((tx) => tx.insertInto('settings').values({ key: 'b', value: 'b' }).execute()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect([await value('a'), await value('taken'), await value('b')]).toEqual(['a', '1', 'b']);
  });

  it('settles only after the commit, and the writes queued meanwhile form the next group', async () => {
    const commit = createGroupCommit(query, engine);
    const seen: string[] = [];
    const first = commit(async (tx) => {
      await tx.insertInto('settings').values({ key: 'first', value: '1' }).execute();
      // Queued while this group runs: it must wait for the next one.
      void commit(async (next) => {
        seen.push(
          `second sees first: ${(await next.selectFrom('settings').selectAll().execute()).length}`,
        );
        await next.insertInto('settings').values({ key: 'second', value: '2' }).execute();
      });
    });
    await first;
    expect(await value('first')).toBe('1');
    await expect.poll(() => value('second')).toBe('2');
    expect(seen).toEqual(['second sees first: 1']);
    // Nothing is left open: a new transaction can begin.
    await query.connection().execute(async (connection) => {
      await (engine === 'sqlite' ? sql`BEGIN IMMEDIATE` : sql`BEGIN`).execute(connection);
      await sql`COMMIT`.execute(connection);
    });
  });

  it('rejects every write of a group whose commit fails, and stores none of them', async () => {
    const commit = createGroupCommit(query, engine);
    // A deferred foreign key fails at COMMIT, after every write went through.
    await sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`.execute(query);
    await sql`CREATE TABLE child (id INTEGER, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)`.execute(
      query,
    );
    const results = await Promise.allSettled([
      commit((tx) => tx.insertInto('settings').values({ key: 'k', value: 'v' }).execute()),
      commit((tx) => sql`INSERT INTO child VALUES (1, 42)`.execute(tx)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await value('k')).toBeUndefined();
  });
});
