import { randomUUID } from 'node:crypto';
import { sql as raw } from 'kysely';
import pg from 'pg';
import type { Engine, Tx } from './schema.js';

/** What changed: a building's data (`house`), or everything (`null`: after a reconnect). */
export interface Change {
  house: number | null;
  /** A free word for the listeners (`rooms`, `users`, …). */
  topic: string;
  /** The account a change concerns (topic `users`): nodes forget that user's sign-ins only. */
  user?: number;
  /** The node that announced it (PostgreSQL): it does not hear its own announcements back. */
  origin?: string;
  /** What of a building changed (topic `building`): parts by name, rooms by id; none: all. */
  parts?: string[];
  rooms?: number[];
}

export interface ChangeFeed {
  /**
   * Announces a change inside the commit that makes it: other nodes hear it once it commits,
   * never when it rolls back. On PostgreSQL this node's listeners do not hear it (the writer
   * follows its own commit: the building's refresh, the sign-in cache's forget); on SQLite (one
   * process) they hear it at once.
   */
  announce(tx: Tx, change: Change): Promise<void>;
  /** Calls `listener` for every change any node announces. Returns the unsubscribe. */
  listen(listener: (change: Change) => void): () => void;
  /** Resolves once this node listens (its first connection is up, or failed and retries). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export const CHANGES_CHANNEL = 'raumregler_changes';

type Log = Pick<Console, 'warn'>;

/**
 * How the nodes tell each other that data changed, so caches (sign-ins, answers, ETags) follow
 * within a second. PostgreSQL: NOTIFY inside the writing transaction, delivered at commit, and
 * one LISTEN connection per node that reconnects with back-off; after a reconnect every
 * listener hears `{house: null}` (changes may have been missed meanwhile). SQLite: one node,
 * so the listeners are called in this process.
 */
export function createChangeFeed(options: { engine: Engine; url?: string; log?: Log }): ChangeFeed {
  // Names this node in its announcements (PostgreSQL), so it skips them when they come back.
  const origin = randomUUID();
  const listeners = new Set<(change: Change) => void>();
  const emit = (change: Change) => {
    for (const listener of listeners) listener(change);
  };
  const listen = (listener: (change: Change) => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };

  if (options.engine === 'sqlite') {
    return {
      async announce(_tx, change) {
        emit(change);
      },
      listen,
      ready: Promise.resolve(),
      async close() {
        listeners.clear();
      },
    };
  }

  const log = options.log ?? console;
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | null = null;
  let connected = false;

  const connect = async () => {
    timer = null;
    if (closed) return;
    const next = new pg.Client({ connectionString: options.url, keepAlive: true });
    const retry = (reason: unknown) => {
      if (client !== next) return;
      client = null;
      next.removeAllListeners();
      next.end().catch(() => undefined);
      if (closed) return;
      if (connected) log.warn(`change feed lost (${String(reason)}); reconnecting`);
      connected = false;
      timer = setTimeout(() => void connect(), delay);
      timer.unref();
      delay = Math.min(delay * 2, 5_000);
    };
    next.on('error', retry);
    next.on('end', () => retry('connection ended'));
    next.on('notification', (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      try {
        const change = JSON.parse(message.payload) as Change;
        // This node's own commit, back from the database: the writer followed it already.
        if (change.origin === origin) return;
        emit({
          house: change.house ?? null,
          topic: String(change.topic),
          ...(Number.isSafeInteger(change.user) ? { user: change.user } : {}),
          ...(Array.isArray(change.parts) ? { parts: change.parts.map(String) } : {}),
          ...(Array.isArray(change.rooms)
            ? { rooms: change.rooms.filter(Number.isSafeInteger) }
            : {}),
        });
      } catch {
        emit({ house: null, topic: 'unknown' });
      }
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      connected = true;
      delay = 250;
      // Whatever changed while no connection listened: every cache starts over.
      if (connects++ > 0) emit({ house: null, topic: 'reconnected' });
    } catch (error) {
      retry(error);
    }
  };
  let connects = 0;
  const ready = connect();

  return {
    announce: (tx, change) => announceChange('postgres', tx, { ...change, origin }),
    listen,
    ready,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await ready;
      listeners.clear();
      const last = client;
      client = null;
      last?.removeAllListeners();
      await last?.end().catch(() => undefined);
    },
  };
}

/**
 * Announces a change from a process that only writes (the CLI) and listens to nothing: NOTIFY
 * inside its commit on PostgreSQL; on SQLite nothing, since no other process hears this one's
 * listeners (the server's caches re-read within a second).
 */
export async function announceChange(engine: Engine, tx: Tx, change: Change): Promise<void> {
  if (engine !== 'postgres') return;
  await raw`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify(change)})`.execute(tx);
}
