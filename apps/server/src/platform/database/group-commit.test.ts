import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGroupCommit } from './group-commit.js';
import { openDatabase } from './open.js';
import type { Sql } from './schema.js';
import { sqliteSql } from './sql.js';

let db: ReturnType<typeof openDatabase>;
let query: Sql;
beforeEach(() => {
  db = openDatabase(':memory:');
  query = sqliteSql(db);
});
afterEach(() => db.close());

const value = async (key: string) =>
  (await query.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())
    ?.value;

describe('the group commit', () => {
  it('commits the writes of one turn together; one that throws changes nothing, the rest stay', async () => {
    const commit = createGroupCommit(query, 'sqlite');
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

  it('settles only after the commit, and the writes queued meanwhile form the next group', async () => {
    const commit = createGroupCommit(query, 'sqlite');
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
    await sql`BEGIN IMMEDIATE`.execute(query);
    await sql`COMMIT`.execute(query);
  });

  it('rejects every write of a group whose commit fails, and stores none of them', async () => {
    const commit = createGroupCommit(query, 'sqlite');
    // A deferred foreign key fails at COMMIT, after every write went through.
    db.exec(
      'CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (id INTEGER, parent INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    const results = await Promise.allSettled([
      commit((tx) => tx.insertInto('settings').values({ key: 'k', value: 'v' }).execute()),
      commit(() => db.prepare('INSERT INTO child VALUES (1, 42)').run()),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await value('k')).toBeUndefined();
  });
});
