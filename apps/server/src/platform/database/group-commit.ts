import type { Database } from 'better-sqlite3';

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes that arrive in one turn of the event loop share one transaction, so
 * they share one fsync (`synchronous = FULL`). A commit blocks the whole process while the disk
 * syncs, 1 ms on a quiet disk and tens of ms on a busy one; one sync per write made 200 busy
 * clients queue behind each other's syncs until new connections waited over 15 s. Each write
 * runs in its own savepoint, so one that throws changes nothing and the others still commit;
 * every promise settles only after the commit, so an answered write is on disk.
 */
export function createGroupCommit(db: Database) {
  let queue: Job[] = [];
  const flush = () => {
    const jobs = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const job of jobs) {
          try {
            outcomes.push({ ok: true, value: db.transaction(job.work)() });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      })();
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of this group is stored.
      jobs.forEach((job) => job.reject(error));
      return;
    }
    jobs.forEach((job, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    });
  };
  return function commit<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // setImmediate runs after this turn's I/O callbacks: every request read in this turn
      // has queued its write by then.
      if (queue.length === 0) setImmediate(flush);
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
    });
  };
}
