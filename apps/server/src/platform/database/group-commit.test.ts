import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { atCommit, createGroupCommit } from './group-commit.js';
import type { Sql, Tx } from './schema.js';

describe.each(ENGINES)('the group commit on %s', (engine) => {
  const database = useDatabase(engine);
  let query: Sql;
  beforeEach(() => {
    query = database().sql;
  });

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

  it('runs what the writes leave for the end once per key, in key order, inside the commit', async () => {
    const commit = createGroupCommit(query, engine);
    const order: string[] = [];
    const count = (key: string) =>
      atCommit(tx0!, key, async (tx) => {
        order.push(key);
        await tx
          .insertInto('settings')
          .values({ key, value: '1' })
          .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: '2' }))
          .execute();
      });
    let tx0: Tx | null = null;
    const write = (key: string) =>
      commit(async (tx) => {
        tx0 = tx;
        await count(key);
      });
    await Promise.all([write('z'), write('a'), write('z')]);
    // One group: 'z' once although two writes left it, and after 'a'.
    expect(order).toEqual(['a', 'z']);
    expect([await value('a'), await value('z')]).toEqual(['1', '1']);
    // Outside a group commit it runs at once.
    await query.transaction().execute(async (tx) => {
      await atCommit(tx, 'now', async (inner) => {
        await inner.insertInto('settings').values({ key: 'now', value: 'x' }).execute();
      });
      expect(
        await tx.selectFrom('settings').select('value').where('key', '=', 'now').executeTakeFirst(),
      ).toEqual({ value: 'x' });
    });
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

  it("refuses a work that waits on the commit's own connection, and goes on with the next ones", async () => {
    const commit = createGroupCommit(query, engine, 300);
    const results = await Promise.allSettled([
      // A bug: reading on the root instead of tx (on SQLite it waits for the commit's connection).
      commit(async (tx) => {
        await tx.insertInto('settings').values({ key: 'stuck', value: '1' }).execute();
        if (engine === 'sqlite') await query.selectFrom('settings').selectAll().execute();
        else await new Promise(() => undefined);
      }),
      commit((tx) => tx.insertInto('settings').values({ key: 'next', value: '1' }).execute()),
    ]);
    expect(results[0]).toMatchObject({
      status: 'rejected',
      reason: { message: expect.stringMatching(/did not settle within 300 ms/) },
    });
    expect(results[1]!.status).toBe('fulfilled');
    expect([await value('stuck'), await value('next')]).toEqual([undefined, '1']);
  });
});
