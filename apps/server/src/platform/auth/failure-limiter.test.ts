import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { openPostgres } from '../database/postgres.js';
import { createGroupCommit } from '../database/group-commit.js';
import type { Sql } from '../database/schema.js';
import { createFailureCounts } from './failure-counts.js';
import { createFailureLimiter } from './failure-limiter.js';

describe.each(ENGINES)('failure limiter on %s', (engine) => {
  const database = useDatabase(engine);
  const secret = randomBytes(32);
  const clock = { now: 0 };

  /** A limiter as one node has it: its own group commit over `sql` (default: the test's). */
  const node = (
    options: { limit: number; windowMs?: number; maxRows?: number; pruneEvery?: number },
    sql: Sql = database().sql,
  ) => {
    const windowMs = options.windowMs ?? 300_000;
    const counts = createFailureCounts({
      sql,
      commit: createGroupCommit(sql, engine),
      secret,
      windowMs,
      maxRows: options.maxRows,
      pruneEvery: options.pruneEvery,
    });
    return createFailureLimiter({
      name: 'pair',
      limit: options.limit,
      windowMs,
      now: () => clock.now,
      counts,
    });
  };
  const delays = async (limiter: ReturnType<typeof node>, client: string, n: number) => {
    const result: number[] = [];
    for (let i = 0; i < n; i++) result.push((await limiter.fail(client)).delay);
    return result;
  };
  const rows = async () =>
    database().sql.selectFrom('sign_in_failures').selectAll().orderBy('key').execute();

  it('slows failures past half the limit, blocks at the limit, and forgets after the window', async () => {
    clock.now = 0;
    const limiter = node({ limit: 10 });
    expect(await delays(limiter, '10.0.0.1', 10)).toEqual([
      0, 0, 0, 0, 0, 250, 500, 750, 1000, 1250,
    ]);
    clock.now = 60_000;
    expect(await limiter.blockedFor('10.0.0.1')).toBe(240);
    expect(await limiter.blockedFor('10.0.0.2')).toBe(0);
    clock.now = 300_000;
    expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
    expect(await limiter.fail('10.0.0.1')).toEqual({ delay: 0, failures: 1, blockedFor: 0 });
  });

  it('keeps counting across the checks a sign-in makes between failures', async () => {
    // A sign-in asks blockedFor before its password check and, when the password is right,
    // tells the limiter nothing: the count of failures before and after it adds up.
    clock.now = 0;
    const limiter = node({ limit: 4 });
    const seen: number[] = [];
    for (let i = 0; i < 4; i++) {
      expect(await limiter.blockedFor('10.0.0.1')).toBe(0);
      seen.push((await limiter.fail('10.0.0.1')).delay);
      // A successful sign-in in between: another check, no failure.
      await limiter.blockedFor('10.0.0.1');
    }
    expect(seen).toEqual([0, 0, 250, 500]);
    expect(await limiter.blockedFor('10.0.0.1')).toBe(300);
    // The limiter offers no way to wipe a client's count before its window ends (`failures`
    // only reads it, for the audit log's one entry when a limit starts refusing).
    expect(Object.keys(limiter).sort()).toEqual(['blockedFor', 'fail', 'failures']);
  });

  it('stores no name or address in clear, and keeps the limits apart', async () => {
    clock.now = 0;
    const pair = node({ limit: 4 });
    await pair.fail('demo\u000010.0.0.1');
    const [row] = await rows();
    expect(row).toEqual({ key: expect.any(String), window_start: 0, failures: 1 });
    expect(row!.key).not.toMatch(/demo|10\.0\.0\.1/);
    expect(row!.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Another server secret, other keys: the table alone tells nothing.
    const other = createFailureCounts({
      sql: database().sql,
      commit: createGroupCommit(database().sql, engine),
      secret: randomBytes(32),
      windowMs: 300_000,
    });
    await other.add('pair\u0000demo\u000010.0.0.1', 0);
    expect(await rows()).toHaveLength(2);
  });

  it('a flood of new clients cannot reset the counts of others, and the table stays bounded', async () => {
    clock.now = 0;
    // The table keeps 50 clients (10,000 in the server), pruned every 10 new ones.
    const limiter = node({ limit: 4, maxRows: 50, pruneEvery: 10 });
    for (let i = 0; i < 4; i++) await limiter.fail('blocked');
    for (let i = 0; i < 2; i++) await limiter.fail('halfway');
    for (let i = 0; i < 120; i++) {
      clock.now = 1_000 + i;
      await limiter.fail(`flood-${i}`);
    }
    expect(await limiter.blockedFor('blocked')).toBe(299);
    expect(await limiter.failures('halfway')).toBe(2);
    // The flood pushed out its own oldest entries, not everyone's.
    expect(await limiter.failures('flood-0')).toBe(0);
    expect(await limiter.failures('flood-119')).toBe(1);
    expect((await rows()).length).toBeLessThanOrEqual(50 + 10);
    // Rows of ended windows go first.
    clock.now = 302_000;
    for (let i = 0; i < 10; i++) await limiter.fail(`late-${i}`);
    expect(await rows()).toHaveLength(10);
  });

  it('caps the delay', async () => {
    clock.now = 0;
    const limiter = node({ limit: 100, windowMs: 1000 });
    expect(Math.max(...(await delays(limiter, 'a', 100)))).toBe(2000);
  });

  it('two nodes share one count: failures spread over both block the client on each', async () => {
    clock.now = 0;
    // On PostgreSQL, two nodes with pools of their own on one database; on SQLite (one node
    // per file) two limiters over the same database.
    const second = engine === 'postgres' ? await openPostgres(database().url!) : null;
    try {
      const [a, b] = [node({ limit: 10 }), node({ limit: 10 }, second?.sql ?? database().sql)];
      // Ten failures at once, five on each node: each counted once, none lost to a race.
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).fail('demo\u000010.0.0.9')),
      );
      expect(failures.map((failure) => failure.failures).sort((x, y) => x - y)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
      ]);
      expect(await a.blockedFor('demo\u000010.0.0.9')).toBe(300);
      expect(await b.blockedFor('demo\u000010.0.0.9')).toBe(300);
      expect(await b.blockedFor('demo\u000010.0.0.8')).toBe(0);
    } finally {
      await second?.close();
    }
  });
});
