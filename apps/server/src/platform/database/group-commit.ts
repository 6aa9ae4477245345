import { sql as raw } from 'kysely';
import type { Engine, Sql, Tx } from './schema.js';

interface Job {
  work: (tx: Tx) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Runs a write in the next group commit, on the commit's transaction; settles once stored. */
export type Commit = <T>(work: (tx: Tx) => T | Promise<T>) => Promise<T>;

/**
 * Group commit: the writes that arrive in one turn of the event loop share one transaction, so
 * they share one fsync (SQLite `synchronous = FULL`; PostgreSQL's commit). A commit blocks the
 * whole SQLite process while the disk syncs, 1 ms on a quiet disk and tens of ms on a busy one;
 * one sync per write made 200 busy clients queue behind each other's syncs until new
 * connections waited over 15 s. Each write runs in its own savepoint on the commit's one
 * connection (`tx`, which its statements must use), so one that throws changes nothing and the
 * others still commit; every promise settles only after the commit, so an answered write is on
 * disk. Groups run one after another: the writes that arrive meanwhile form the next group.
 */
/**
 * A commit's work that has not settled by then is refused, and the group goes on. The usual
 * cause is a bug: a read on `app.sql` instead of the work's `tx`, which on SQLite waits for the
 * one connection the commit itself holds, and would hold up every write for good.
 */
export const WORK_DEADLINE_MS = 10_000;

/** Per open group: what runs once at its end, by key (atCommit). */
const endings = new WeakMap<Tx, Map<string, (tx: Tx) => Promise<void>>>();

/**
 * Runs `work` once at the end of the group commit `tx` belongs to, just before it commits, in the
 * order of the keys; a key given again in the group runs once. Outside a group commit (a
 * transaction of its own, the CLI's seed import) it runs at once. A counter every write of a
 * building moves (its data version) is taken last and in one order by every node's group, so
 * two nodes' groups never wait for each other's counter row in opposite orders (a deadlock).
 */
export async function atCommit(tx: Tx, key: string, work: (tx: Tx) => Promise<void>) {
  const pending = endings.get(tx);
  if (pending) pending.set(key, work);
  else await work(tx);
}

export function createGroupCommit(sql: Sql, engine: Engine, deadlineMs = WORK_DEADLINE_MS): Commit {
  // SQLite: take the write lock at the start, so a busy file waits (busy_timeout) there and not
  // in the middle of the group.
  const begin = engine === 'sqlite' ? raw`BEGIN IMMEDIATE` : raw`BEGIN`;
  let queue: Job[] = [];
  let running: Promise<void> | null = null;

  const runGroup = async (jobs: Job[]) => {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await sql.connection().execute(async (tx) => {
        await begin.execute(tx);
        const ending = new Map<string, (tx: Tx) => Promise<void>>();
        endings.set(tx, ending);
        try {
          for (const job of jobs) {
            await raw`SAVEPOINT job`.execute(tx);
            try {
              outcomes.push({ ok: true, value: await withDeadline(job.work(tx), deadlineMs) });
              await raw`RELEASE SAVEPOINT job`.execute(tx);
            } catch (error) {
              await raw`ROLLBACK TO SAVEPOINT job`.execute(tx);
              await raw`RELEASE SAVEPOINT job`.execute(tx);
              outcomes.push({ ok: false, error });
            }
          }
          endings.delete(tx);
          for (const key of [...ending.keys()].sort()) await ending.get(key)!(tx);
          await raw`COMMIT`.execute(tx);
        } catch (error) {
          endings.delete(tx);
          await raw`ROLLBACK`.execute(tx).catch(() => undefined);
          throw error;
        }
      });
    } catch (error) {
      // The commit itself failed (disk full, I/O error, connection lost): nothing of this group
      // is stored.
      jobs.forEach((job) => job.reject(error));
      return;
    }
    jobs.forEach((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };

  const flush = async () => {
    while (queue.length > 0) {
      const jobs = queue;
      queue = [];
      await runGroup(jobs);
    }
    running = null;
  };

  return function commit<T>(work: (tx: Tx) => T | Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // setImmediate runs after this turn's I/O callbacks: every request read in this turn
      // has queued its write by then. A group still running takes the new ones when it ends.
      if (!running) {
        running = new Promise<void>((started) => setImmediate(started)).then(flush);
      }
    });
  };
}

function withDeadline<T>(work: T | Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(
            `a commit's work did not settle within ${ms} ms; does it read on app.sql instead of its tx?`,
          ),
        ),
      ms,
    );
  });
  return Promise.race([Promise.resolve(work), deadline]).finally(() => clearTimeout(timer));
}
