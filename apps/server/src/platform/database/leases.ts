import pg from 'pg';
import type { Engine } from './schema.js';

/** What runs on exactly one node at a time for a key (a building's background work). */
export interface LeasedWork {
  start(): void | Promise<void>;
  stop(): void | Promise<void>;
}

export interface Leases {
  /**
   * Runs `work` on this node while it holds `key` (a house id): started once the lease is taken,
   * stopped when it is lost or released. Returns the release.
   */
  hold(key: number, work: LeasedWork): () => Promise<void>;
  /** The keys this node holds now. */
  held(): number[];
  /** Stops every held work and gives the leases up. */
  close(): Promise<void>;
}

/** The advisory-lock class of the buildings' leases (two-key space; "Raum" + 2). */
export const LEASE_CLASS = 0x5261756d + 2;

interface Entry {
  work: LeasedWork;
  held: boolean;
}

type Log = Pick<Console, 'warn' | 'error'>;

/**
 * Which node runs each building's background work (simulation, history, alarms, device polls).
 * SQLite: this process is the only node, so every lease is held at once. PostgreSQL: a session
 * advisory lock per key on one dedicated connection, tried every `retryMs` for the keys not
 * held; a node that dies loses its connection and with it its locks, and another node takes
 * them at its next try. A lost connection stops this node's work before it reconnects, so two
 * nodes never run one building at once.
 */
export function createLeases(options: {
  engine: Engine;
  url?: string;
  retryMs?: number;
  log?: Log;
}): Leases {
  const entries = new Map<number, Entry>();
  const log = options.log ?? console;
  const run = async (what: 'start' | 'stop', key: number, entry: Entry) => {
    try {
      await entry.work[what]();
    } catch (error) {
      log.error(`lease ${key}: ${what} failed`, error);
    }
  };

  if (options.engine === 'sqlite') {
    return {
      hold(key, work) {
        const entry = { work, held: true };
        entries.set(key, entry);
        void run('start', key, entry);
        return async () => {
          if (entries.get(key) !== entry) return;
          entries.delete(key);
          await run('stop', key, entry);
        };
      },
      held: () => [...entries.keys()],
      async close() {
        await Promise.all([...entries].map(([key, entry]) => run('stop', key, entry)));
        entries.clear();
      },
    };
  }

  const retryMs = options.retryMs ?? 5_000;
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client | null> | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let trying: Promise<void> | null = null;

  const lose = async (reason: unknown) => {
    const lost = client;
    client = null;
    lost?.removeAllListeners();
    lost?.end().catch(() => undefined);
    const stopped = [...entries].filter(([, entry]) => entry.held);
    if (stopped.length > 0) log.warn(`leases lost (${String(reason)}): stopping their work`);
    await Promise.all(
      stopped.map(([key, entry]) => {
        entry.held = false;
        return run('stop', key, entry);
      }),
    );
  };

  const connect = () => {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.url,
        keepAlive: true,
        keepAliveInitialDelayMillis: 10_000,
      });
      next.on('error', (error) => void lose(error));
      next.on('end', () => {
        if (client === next) void lose('connection ended');
      });
      try {
        await next.connect();
        client = next;
        return next;
      } catch (error) {
        log.warn(`leases: cannot connect (${(error as Error).message}); retrying`);
        next.removeAllListeners();
        return null;
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const tryAll = async () => {
    if (closed) return;
    const wanted = [...entries].filter(([, entry]) => !entry.held);
    if (wanted.length === 0 && client) return;
    const session = client ?? (await connect());
    if (!session) return;
    for (const [key, entry] of wanted) {
      if (closed || entries.get(key) !== entry) continue;
      try {
        const { rows } = await session.query<{ taken: boolean }>(
          'select pg_try_advisory_lock($1::int, $2::int) as taken',
          [LEASE_CLASS, key],
        );
        if (!rows[0]?.taken) continue;
        if (entries.get(key) !== entry || closed) {
          await session.query('select pg_advisory_unlock($1::int, $2::int)', [LEASE_CLASS, key]);
          continue;
        }
        entry.held = true;
        await run('start', key, entry);
      } catch (error) {
        await lose(error);
        return;
      }
    }
  };
  const tick = () => {
    trying ??= tryAll().finally(() => {
      trying = null;
    });
    return trying;
  };
  timer = setInterval(() => void tick(), retryMs);
  timer.unref();

  return {
    hold(key, work) {
      const entry: Entry = { work, held: false };
      entries.set(key, entry);
      void tick();
      return async () => {
        if (entries.get(key) !== entry) return;
        entries.delete(key);
        if (!entry.held) return;
        entry.held = false;
        await run('stop', key, entry);
        await client
          ?.query('select pg_advisory_unlock($1::int, $2::int)', [LEASE_CLASS, key])
          .catch(() => undefined);
      };
    },
    held: () => [...entries].filter(([, entry]) => entry.held).map(([key]) => key),
    async close() {
      closed = true;
      if (timer) clearInterval(timer);
      await trying;
      await Promise.all(
        [...entries]
          .filter(([, entry]) => entry.held)
          .map(([key, entry]) => {
            entry.held = false;
            return run('stop', key, entry);
          }),
      );
      entries.clear();
      const last = client;
      client = null;
      last?.removeAllListeners();
      // Ending the session frees its advisory locks: another node takes them at its next try.
      await last?.end().catch(() => undefined);
    },
  };
}
