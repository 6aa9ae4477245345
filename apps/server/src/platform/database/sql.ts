import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Schema, Sql } from './schema.js';

/**
 * The query builder over an open SQLite database (openDatabase): the same connection, so a
 * commit's transaction holds every statement. Kysely runs one query at a time on it.
 */
export function sqliteSql(db: BetterSqlite3.Database): Sql {
  return new Kysely<Schema>({ dialect: new SqliteDialect({ database: db }) });
}
