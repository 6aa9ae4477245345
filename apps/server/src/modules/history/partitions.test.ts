import { sql as raw } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useDatabase } from '../../test-support/engines.js';
import { dropMonthsBefore, ensureMonths } from './partitions.js';

const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('the history by month on PostgreSQL', () => {
  const database = useDatabase('postgres');
  const partitions = async (table: string) =>
    (
      await raw<{ name: string }>`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid where i.inhparent = ${table}::regclass
        and not c.relname like '%_default' order by 1`.execute(database().sql)
    ).rows.map((row) => row.name);

  beforeEach(async () => {
    await ensureMonths(
      database().sql,
      seconds('2026-10-15T00:00:00Z'),
      seconds('2026-12-01T00:00:00Z'),
    );
  });

  it('makes the months a period spans, once, for hours and quarters', async () => {
    expect(await partitions('history_quarters')).toEqual([
      'history_quarters_y2026m10',
      'history_quarters_y2026m11',
      'history_quarters_y2026m12',
    ]);
    // Twice, and by two nodes at once: nothing breaks, nothing doubles.
    await Promise.all([
      ensureMonths(
        database().sql,
        seconds('2026-11-01T00:00:00Z'),
        seconds('2027-01-02T00:00:00Z'),
      ),
      ensureMonths(
        database().sql,
        seconds('2026-11-01T00:00:00Z'),
        seconds('2027-01-02T00:00:00Z'),
      ),
    ]);
    expect(await partitions('history_hours')).toEqual([
      'history_hours_y2026m10',
      'history_hours_y2026m11',
      'history_hours_y2026m12',
      'history_hours_y2027m01',
    ]);
  });

  it('keeps rows of a month not made yet in the default partition, and moves them into it when it is made', async () => {
    const sql = database().sql;
    const march = seconds('2026-03-10T08:00:00Z');
    await sql
      .insertInto('history_quarters' as never)
      .values([{ house_id: 1, room_id: 4, time: march, temperature: 4100 }] as never)
      .execute();
    const inDefault = async () =>
      (await raw<{ n: number }>`select count(*) as n from history_quarters_default`.execute(sql))
        .rows[0]!.n;
    expect(await inDefault()).toBe(1);
    await ensureMonths(sql, march, march);
    expect(await inDefault()).toBe(0);
    const moved = await raw<{
      temperature: number;
    }>`select temperature from history_quarters_y2026m03
      where room_id = 4 and time = ${march}`.execute(sql);
    expect(moved.rows).toEqual([{ temperature: 4100 }]);
  });

  it('reads a room and period index-only, from the months it spans', async () => {
    const sql = database().sql;
    await sql
      .insertInto('history_quarters' as never)
      .values(
        Array.from({ length: 2000 }, (_, i) => ({
          house_id: 1,
          room_id: (i % 20) + 1,
          time: seconds('2026-10-20T00:00:00Z') + Math.floor(i / 20) * 900 * 40,
          temperature: 4200,
        })) as never,
      )
      .execute();
    await raw`vacuum analyze history_quarters`.execute(sql);
    await raw`set enable_seqscan = off`.execute(sql);
    const plan = (
      await raw<{ 'QUERY PLAN': string }>`explain select time, temperature from history_quarters
        where house_id = 1 and room_id = 3 and time between ${seconds('2026-11-02T00:00:00Z')} and ${seconds('2026-11-03T00:00:00Z')}
        order by time`.execute(sql)
    ).rows
      .map((row) => row['QUERY PLAN'])
      .join('\n');
    // Only November's partition is read, from its primary key's index alone.
    expect(plan).toMatch(/Index Only Scan using history_quarters_y2026m11_pkey/);
    expect(plan).not.toMatch(/y2026m10|y2026m12/);
  });

  it('drops whole months that end before the cutoff, and nothing younger', async () => {
    const sql = database().sql;
    await sql
      .insertInto('history_hours' as never)
      .values([
        {
          house_id: 1,
          room_id: 1,
          hour: seconds('2026-10-20T10:00:00Z'),
          samples: Buffer.from([1]),
        },
        {
          house_id: 1,
          room_id: 1,
          hour: seconds('2026-11-20T10:00:00Z'),
          samples: Buffer.from([2]),
        },
      ] as never)
      .execute();
    expect(await dropMonthsBefore(sql, 'history_hours', seconds('2026-11-10T00:00:00Z'))).toEqual([
      'history_hours_y2026m10',
    ]);
    expect(await partitions('history_hours')).toEqual([
      'history_hours_y2026m11',
      'history_hours_y2026m12',
    ]);
    const left = await raw<{ n: number }>`select count(*) as n from history_hours`.execute(sql);
    expect(left.rows[0]!.n).toBe(1);
    // A cutoff on a month's first instant drops the month before it.
    expect(await dropMonthsBefore(sql, 'history_hours', seconds('2026-12-01T00:00:00Z'))).toEqual([
      'history_hours_y2026m11',
    ]);
  });
});
