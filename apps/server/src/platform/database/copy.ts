import type BetterSqlite3 from 'better-sqlite3';
import { sql as raw } from 'kysely';
import type { Sql } from './schema.js';

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement. */
const BATCH_ROWS = 500;

/** What `db copy` copied: rows per table, in the order they were copied. */
export type CopyCounts = Map<string, number>;

export class CopyRefused extends Error {}

/**
 * The SQLite database's tables in an order where every table comes after the tables its
 * foreign keys point at (read from SQLite itself, so a new module's tables need nothing here).
 */
function tablesInOrder(from: BetterSqlite3.Database): string[] {
  const rows = from
    .prepare(
      `select t.name as name, f."table" as parent
         from sqlite_schema t left join pragma_foreign_key_list(t.name) f
        where t.type = 'table' and t.name not like 'sqlite_%'
        order by t.name`,
    )
    .all() as { name: string; parent: string | null }[];
  const parents = new Map<string, Set<string>>();
  for (const { name, parent } of rows) {
    const set = parents.get(name) ?? new Set<string>();
    if (parent && parent !== name) set.add(parent);
    parents.set(name, set);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const name of parents.keys()) visit(name, new Set());
  return ordered;
}

/**
 * `db copy --to` (issue 37): every row of the SQLite database (users, buildings, schedules,
 * absences, history, audit, alarms, tokens …) into an empty, migrated PostgreSQL, in one
 * transaction: all of it, or nothing when anything fails. The ids stay as they are, and each
 * identity column's sequence continues after the highest one copied.
 */
export async function copyIntoPostgres(from: BetterSqlite3.Database, to: Sql): Promise<CopyCounts> {
  const tables = tablesInOrder(from);
  const counts: CopyCounts = new Map();
  await to.transaction().execute(async (tx) => {
    const taken = await raw<{ n: number }>`
      select (select count(*) from users) + (select count(*) from floors) as n`.execute(tx);
    if ((taken.rows[0]?.n ?? 0) > 0) {
      throw new CopyRefused(
        'the PostgreSQL database already holds users or a building; db copy fills an empty one',
      );
    }
    const identities = new Set(
      (
        await raw<{ table_name: string }>`select table_name from information_schema.columns
          where column_name = 'id' and is_identity = 'YES'`.execute(tx)
      ).rows.map((row) => row.table_name),
    );
    for (const table of tables) {
      let copied = 0;
      let batch: Record<string, unknown>[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        await tx
          .insertInto(table as never)
          .values(batch as never)
          .execute();
        copied += batch.length;
        batch = [];
      };
      // Read as it goes, a batch at a time: a large history never sits in memory at once.
      for (const row of from.prepare(`select * from "${table}"`).iterate()) {
        batch.push(row as Record<string, unknown>);
        if (batch.length === BATCH_ROWS) await flush();
      }
      await flush();
      counts.set(table, copied);
      if (copied > 0 && identities.has(table)) {
        await raw`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${raw.table(
          table,
        )}`.execute(tx);
      }
    }
  });
  return counts;
}
