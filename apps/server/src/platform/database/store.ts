import type BetterSqlite3 from 'better-sqlite3';
import { openDatabase } from './open.js';
import { migratePostgres, openPostgres } from './postgres.js';
import type { Engine, Sql } from './schema.js';
import { sqliteSql } from './sql.js';

/** The open database of either engine, migrated, with the query builder over it. */
export interface Store {
  engine: Engine;
  sql: Sql;
  /** SQLite's own handle (tests read the file through it); null on PostgreSQL. */
  sqlite: BetterSqlite3.Database | null;
  /** PostgreSQL's connection URL (the change feed and the leases open their own sessions). */
  url: string | null;
  close(): Promise<void>;
}

/** An open SQLite database (openDatabase: WAL, full sync, migrated) as a store. */
export function sqliteStore(db: BetterSqlite3.Database): Store {
  return {
    engine: 'sqlite',
    sql: sqliteSql(db),
    sqlite: db,
    url: null,
    close: async () => {
      if (db.open) db.close();
    },
  };
}

/**
 * DATABASE_URL's PostgreSQL (migrated under a lock, so nodes may start at once), or else the
 * SQLite file. The URL is never part of an error: it may hold a password.
 */
export async function openStore(target: {
  databaseUrl: string | null;
  databaseFile: string;
  /** The building of the rows an older SQLite file holds (HOUSE_ID). */
  houseId?: number;
}): Promise<Store> {
  if (!target.databaseUrl) {
    return sqliteStore(openDatabase(target.databaseFile, { houseId: target.houseId }));
  }
  let opened: Awaited<ReturnType<typeof openPostgres>>;
  try {
    opened = await openPostgres(target.databaseUrl);
  } catch (error) {
    throw new Error(`cannot connect to DATABASE_URL's PostgreSQL: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    await migratePostgres(opened.sql);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return {
    engine: 'postgres',
    sql: opened.sql,
    sqlite: null,
    url: target.databaseUrl,
    close: opened.close,
  };
}
