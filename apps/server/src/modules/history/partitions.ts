import { sql as raw } from 'kysely';
import type { Sql } from '../../platform/database/schema.js';

/**
 * PostgreSQL only (issue 37): the history's tables that grow with time are partitioned by UTC
 * month of their time column (epoch seconds), so retention drops whole months instead of
 * deleting rows, and a room's period is read from the months it spans, by each month's primary
 * key. SQLite keeps plain tables.
 */
export const MONTHLY_TABLES = [
  { table: 'history_hours', column: 'hour' },
  { table: 'history_quarters', column: 'time' },
] as const;

/** The advisory lock (two-key space, "Raum" + 3) under which nodes make or drop partitions. */
const PARTITION_LOCK = [0x5261756d + 3, 1] as const;

/** Epoch seconds of the first instant of the UTC month `offset` months after `seconds`'s month. */
const monthStart = (seconds: number, offset = 0) => {
  const date = new Date(seconds * 1000);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1) / 1000;
};

const partitionName = (table: string, start: number) => {
  const date = new Date(start * 1000);
  return `${table}_y${date.getUTCFullYear()}m${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * Makes the monthly partitions covering [fromSeconds, toSeconds] that are missing (the sampler:
 * from the oldest kept day to a month ahead). Rows of such a month that wait in the default
 * partition move into it in the same transaction. Nodes doing this at once wait for each other.
 */
export async function ensureMonths(sql: Sql, fromSeconds: number, toSeconds: number) {
  await sql.transaction().execute(async (tx) => {
    await raw`select pg_advisory_xact_lock(${PARTITION_LOCK[0]}::int, ${PARTITION_LOCK[1]}::int)`.execute(
      tx,
    );
    for (let start = monthStart(fromSeconds); start <= toSeconds; start = monthStart(start, 1)) {
      const end = monthStart(start, 1);
      for (const { table, column } of MONTHLY_TABLES) {
        const name = partitionName(table, start);
        const { rows } = await raw<{
          found: string | null;
        }>`select to_regclass(${name}) as found`.execute(tx);
        if (rows[0]?.found) continue;
        // Made beside the table, filled from the default partition, then attached: attaching
        // checks the rows, where creating it as a partition would refuse the default's.
        await raw`create table ${raw.id(name)} (like ${raw.id(table)} including all)`.execute(tx);
        await raw`with moved as (
            delete from ${raw.id(`${table}_default`)}
             where ${raw.ref(column)} >= ${raw.lit(start)} and ${raw.ref(column)} < ${raw.lit(end)}
            returning *)
          insert into ${raw.id(name)} select * from moved`.execute(tx);
        await raw`alter table ${raw.id(table)} attach partition ${raw.id(name)}
          for values from (${raw.lit(start)}) to (${raw.lit(end)})`.execute(tx);
      }
    }
  });
}

/**
 * Drops the monthly partitions of `table` that end at or before `cutoffSeconds` (retention);
 * the rows of the month the cutoff falls in are deleted by the same statement as on SQLite.
 * Returns the dropped partitions' names.
 */
export async function dropMonthsBefore(
  sql: Sql,
  table: (typeof MONTHLY_TABLES)[number]['table'],
  cutoffSeconds: number,
): Promise<string[]> {
  return sql.transaction().execute(async (tx) => {
    await raw`select pg_advisory_xact_lock(${PARTITION_LOCK[0]}::int, ${PARTITION_LOCK[1]}::int)`.execute(
      tx,
    );
    const { rows } = await raw<{ name: string; bound: string }>`
      select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound
        from pg_inherits i join pg_class c on c.oid = i.inhrelid
       where i.inhparent = ${table}::regclass`.execute(tx);
    const dropped: string[] = [];
    for (const { name, bound } of rows) {
      // FOR VALUES FROM ('1793491200') TO ('1796169600'); the default partition has no end.
      const end = /TO \('?(-?\d+)'?\)/.exec(bound)?.[1];
      if (end === undefined || Number(end) > cutoffSeconds) continue;
      await raw`drop table ${raw.id(name)}`.execute(tx);
      dropped.push(name);
    }
    return dropped.sort();
  });
}
