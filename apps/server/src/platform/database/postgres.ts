import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql as raw } from 'kysely';
import pg from 'pg';
import { migrationsDir } from './migrate.js';
import type { Schema, Sql } from './schema.js';

/** Connections per node: a group commit holds one, reads share the rest. */
const POOL_SIZE = 10;

const INT8 = 20;
const NUMERIC = 1700;

/**
 * BIGINT (epoch ms, ids, count(*)) and NUMERIC (sum(), avg()) as JS numbers, as SQLite gives
 * them: pg hands both over as strings by default. A BIGINT beyond 2^53 would lose digits: it
 * throws instead (epoch ms and ids stay far below).
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} is beyond 2^53`);
  return value;
}

/** Only this pool's connections parse so (not pg's global parsers, which other code may use). */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (format !== 'binary' && oid === INT8) return parseInt8;
    if (format !== 'binary' && oid === NUMERIC) return Number.parseFloat;
    return pg.types.getTypeParser(oid, format as 'text');
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface PostgresDatabase {
  sql: Sql;
  close(): Promise<void>;
}

/** Opens a pool on `url` (postgres://user:pass@host:port/db) with the query builder over it. */
export async function openPostgres(url: string): Promise<PostgresDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types });
  const sql = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  try {
    // Fail here, at start, on a wrong URL or password, not at the first request.
    await raw`select 1`.execute(sql);
  } catch (error) {
    await sql.destroy();
    throw error;
  }
  return { sql, close: () => sql.destroy() };
}

/**
 * The advisory lock the migrations run under, in the two-key space (which never meets the
 * one-key space): 0x5261756d is "Raum".
 */
export const MIGRATION_LOCK = [0x5261756d, 1] as const;

/**
 * Applies the numbered files of db/migrations/postgres/ not yet applied, each in its own
 * transaction with its row in `schema_migrations`, so a half-applied migration never sticks.
 * The whole run holds an advisory lock on one connection: nodes started at once on an empty
 * database wait for each other, and the later ones find everything applied. Runs as the
 * database's owner (no superuser needed). Returns the versions this call applied.
 */
export async function migratePostgres(sql: Sql): Promise<number[]> {
  const dir = migrationsDir('postgres');
  const files = readdirSync(dir)
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .sort();
  const [classId, objectId] = MIGRATION_LOCK;
  return sql.connection().execute(async (connection) => {
    await raw`select pg_advisory_lock(${classId}::int, ${objectId}::int)`.execute(connection);
    try {
      await raw`create table if not exists schema_migrations (
        version integer primary key,
        applied_at bigint not null
      )`.execute(connection);
      const done = new Set(
        (
          await raw<{ version: number }>`select version from schema_migrations`.execute(connection)
        ).rows.map((row) => row.version),
      );
      const applied: number[] = [];
      for (const file of files) {
        const version = Number.parseInt(file, 10);
        if (done.has(version)) continue;
        const text = readFileSync(path.join(dir, file), 'utf8');
        await raw`begin`.execute(connection);
        try {
          // No parameters: pg sends it as one simple query, several statements at once.
          await raw.raw(text).execute(connection);
          await raw`insert into schema_migrations (version, applied_at) values (${version}, ${Date.now()})`.execute(
            connection,
          );
          await raw`commit`.execute(connection);
        } catch (error) {
          await raw`rollback`.execute(connection).catch(() => undefined);
          throw new Error(`PostgreSQL migration ${file} failed: ${(error as Error).message}`, {
            cause: error,
          });
        }
        applied.push(version);
      }
      return applied;
    } finally {
      await raw`select pg_advisory_unlock(${classId}::int, ${objectId}::int)`
        .execute(connection)
        .catch(() => undefined);
    }
  });
}
