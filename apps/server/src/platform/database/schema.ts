import type { Kysely, Transaction } from 'kysely';

/**
 * The database's tables for the typed query builder (Kysely), one engine-neutral description
 * for SQLite and PostgreSQL. Each module declares the tables it owns beside its repository
 * (declaration merging: `declare module '…/platform/database/schema.js' { interface Schema {
 * rooms: RoomsTable } }`), as it adds its repository to `Repositories`.
 *
 * Column types are the same on both engines: times are epoch milliseconds (INTEGER / BIGINT),
 * flags are 0 or 1, temperatures are floating point (REAL / DOUBLE PRECISION).
 */
export interface Schema {
  settings: { key: string; value: string };
}

export type Engine = 'sqlite' | 'postgres';

/** The query builder over the database, or over one connection inside a commit. */
export type Sql = Kysely<Schema>;
/** What a commit's work runs its statements on: the commit's own transaction. */
export type Tx = Kysely<Schema> | Transaction<Schema>;
