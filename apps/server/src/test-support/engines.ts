import type BetterSqlite3 from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { openDatabase } from '../platform/database/open.js';
import { openPostgres } from '../platform/database/postgres.js';
import type { Engine, Sql } from '../platform/database/schema.js';
import { sqliteSql } from '../platform/database/sql.js';
import { startPostgres, type PostgresCluster } from './postgres.js';
import '../modules/building/tables.js';

/** Both engines, for `describe.each(ENGINES)('… on %s', (engine) => …)`. */
export const ENGINES: readonly Engine[] = ['sqlite', 'postgres'];

/** An empty migrated database of one engine. */
export interface EngineDatabase {
  engine: Engine;
  sql: Sql;
  /** SQLite's raw handle (null on PostgreSQL), for what is not on the query builder yet. */
  sqlite: BetterSqlite3.Database | null;
  /** PostgreSQL's URL (a second node's pool on the same database); null on SQLite. */
  url: string | null;
}

/**
 * Inside a `describe`: a fresh, migrated database of `engine` with building 1 before each test,
 * closed after it. PostgreSQL runs as one throw-away cluster per describe (started before the tests'
 * timeouts count), with a database per test copied from a migrated template.
 */
export function useDatabase(engine: Engine): () => EngineDatabase {
  let cluster: PostgresCluster | null = null;
  let current: (EngineDatabase & { close(): Promise<void> }) | null = null;
  beforeAll(async () => {
    if (engine === 'postgres') cluster = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  beforeEach(async () => {
    if (engine === 'sqlite') {
      const db = openDatabase(':memory:');
      current = {
        engine,
        sql: sqliteSql(db),
        sqlite: db,
        url: null,
        close: async () => {
          db.close();
        },
      };
    } else {
      const url = await cluster!.migratedDatabase();
      const opened = await openPostgres(url);
      // Building 1, as SQLite's migration 019 makes it (the server makes HOUSE_ID's at start).
      await opened.sql
        .insertInto('buildings')
        .values({ house_id: 1, name: 'Raumregler', created_at: 0 })
        .execute();
      current = { engine, sql: opened.sql, sqlite: null, url, close: opened.close };
    }
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
  return () => {
    if (!current) throw new Error('useDatabase: only inside a test');
    return current;
  };
}
