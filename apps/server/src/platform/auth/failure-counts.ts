import { createHmac } from 'node:crypto';
import type { Commit } from '../database/group-commit.js';
import type { Sql, Tx } from '../database/schema.js';
import './tables.js';

/** A client's failures in its current window, and when that window began (epoch ms). */
export interface FailureCount {
  failures: number;
  since: number;
}

/** How many clients are counted at most, and how often a node prunes (new windows). */
const MAX_ROWS = 10_000;
const PRUNE_EVERY = 100;

/**
 * The failed sign-ins of every node, in the table `sign_in_failures` (issue 37): counted there,
 * so more nodes do not mean more guesses. A client (`pair\0name\0address`, `address\0…`) is
 * stored only as a keyed hash: the key is derived from the access tokens' key (token-key.ts), so
 * the table alone tells nobody which names or addresses failed. A failure is one upsert in the
 * group commit (durable like every write), atomic across nodes: it adds one, or starts a new
 * window when the old one has ended, in the same statement, and answers the count.
 *
 * Bounded like the in-memory counts before it: every `pruneEvery` new windows a node deletes
 * the rows of ended windows, and if more than `maxRows` remain, those with the fewest failures
 * (the oldest of those). Nothing is cleared for everyone, and a count of n is only pushed out
 * by a table full of counts of at least n.
 */
export function createFailureCounts(options: {
  sql: Sql;
  commit: Commit;
  /** The server's secret (loadTokenKey); the keys' hash key is derived from it. */
  secret: Buffer;
  windowMs: number;
  maxRows?: number;
  pruneEvery?: number;
}) {
  const { sql, commit, windowMs, maxRows = MAX_ROWS, pruneEvery = PRUNE_EVERY } = options;
  // Its own key, not the tokens' key itself: a digest here can never be a token's digest.
  const hashKey = createHmac('sha256', options.secret).update('sign-in-failures').digest();
  const keyOf = (client: string) =>
    createHmac('sha256', hashKey).update(client, 'utf8').digest('base64url');
  let newWindows = 0;

  const prune = async (tx: Tx, now: number) => {
    await tx
      .deleteFrom('sign_in_failures')
      .where('window_start', '<=', now - windowMs)
      .execute();
    const { rows } = await tx
      .selectFrom('sign_in_failures')
      .select((eb) => eb.fn.countAll<number>().as('rows'))
      .executeTakeFirstOrThrow();
    if (Number(rows) <= maxRows) return;
    await tx
      .deleteFrom('sign_in_failures')
      .where('key', 'in', (eb) =>
        eb
          .selectFrom('sign_in_failures')
          .select('key')
          .orderBy('failures')
          .orderBy('window_start')
          .limit(Number(rows) - maxRows),
      )
      .execute();
  };

  return {
    /** The client's count in its current window; null when it has none. A read, no write. */
    async read(client: string, now: number): Promise<FailureCount | null> {
      const row = await sql
        .selectFrom('sign_in_failures')
        .select(['failures', 'window_start'])
        .where('key', '=', keyOf(client))
        .where('window_start', '>', now - windowMs)
        .executeTakeFirst();
      return row ? { failures: row.failures, since: row.window_start } : null;
    },
    /** One more failure of the client, in the group commit; answers the count it makes. */
    add(client: string, now: number): Promise<FailureCount> {
      const ended = now - windowMs;
      return commit(async (tx) => {
        const row = await tx
          .insertInto('sign_in_failures')
          .values({ key: keyOf(client), window_start: now, failures: 1 })
          .onConflict((conflict) =>
            conflict.column('key').doUpdateSet((eb) => {
              const over = eb('sign_in_failures.window_start', '<=', ended);
              return {
                failures: eb
                  .case()
                  .when(over)
                  .then(eb.lit(1))
                  .else(eb('sign_in_failures.failures', '+', eb.lit(1)))
                  .end(),
                window_start: eb
                  .case()
                  .when(over)
                  .then(now)
                  .else(eb.ref('sign_in_failures.window_start'))
                  .end(),
              };
            }),
          )
          .returning(['failures', 'window_start'])
          .executeTakeFirstOrThrow();
        if (row.failures === 1 && ++newWindows >= pruneEvery) {
          newWindows = 0;
          await prune(tx, now);
        }
        return { failures: row.failures, since: row.window_start };
      });
    },
  };
}
export type FailureCounts = ReturnType<typeof createFailureCounts>;
