import {
  CompiledQuery,
  SelectQueryNode,
  sql as raw,
  type KyselyPlugin,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../platform/database/schema.js';
import { ENGINES, useDatabase } from '../../test-support/engines.js';
import { createHistoryRepository, type HistoryRepository } from './repository.js';
import { DAY_MS, HOUR_MS, QUARTER_MS, type HistorySample, type RoomSample } from './rules.js';

const MINUTE = 60_000;
/** A whole UTC hour. */
const T0 = Date.UTC(2026, 10, 23, 9, 0);
const at = (minutes: number) => T0 + minutes * MINUTE;

const sample = (time: number, temperature: number | null = 20): HistorySample => ({
  time,
  temperature,
  target: 21,
  humidity: 45,
  valve: 30,
});
/** Means are given to two decimals. */
const twoDecimals = (value: number) => Math.round(value * 100) / 100;
const ofRoom = (roomId: number, one: HistorySample): RoomSample => ({ roomId, ...one });
/** A sample a minute from `from` for `minutes`, the temperature rising 1/8 °C a minute. */
const minutes = (from: number, count: number) =>
  Array.from({ length: count }, (_, m) => sample(from + m * MINUTE, 20 + m / 8));

describe.each(ENGINES)('the history store on %s', (engine) => {
  const database = useDatabase(engine);
  let sql: Sql;
  let store: HistoryRepository;
  beforeEach(() => {
    sql = database().sql;
    store = createHistoryRepository(sql, engine, 1);
  });

  const count = async (table: 'history_recent' | 'history_hours' | 'history_quarters') =>
    Number(
      (
        await sql
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('reads back the samples of one room and period, and nothing of other rooms or times', async () => {
    expect(await store.isEmpty()).toBe(true);
    expect(await store.latestRecent()).toBeNull();
    for (let m = 0; m < 5; m++) {
      await store.record([ofRoom(1, sample(at(m), 20 + m / 8)), ofRoom(2, sample(at(m), null))]);
    }
    expect(await store.raw(1, at(1), at(3))).toEqual(
      [1, 2, 3].map((m) => sample(at(m), 20 + m / 8)),
    );
    // Units kept: 1/200 °C (two decimals exact), whole percent; a missing reading stays null.
    await store.record([
      { roomId: 3, time: at(0), temperature: 19.37, target: null, humidity: 51, valve: null },
    ]);
    expect(await store.raw(3, at(0), at(0))).toEqual([
      { time: at(0), temperature: 19.37, target: null, humidity: 51, valve: null },
    ]);
    expect((await store.raw(2, at(0), at(10))).map((s) => s.temperature)).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(await store.raw(4, at(0), at(10))).toEqual([]);
    expect(await store.isEmpty()).toBe(false);
    expect(await store.latestRecent()).toBe(at(4));
    expect([await store.hasHistory(2), await store.hasHistory(4)]).toEqual([true, false]);
    expect(await store.roomIds()).toEqual([1, 2, 3]);
  });

  it('a slot written again replaces the earlier value, recorded or packed', async () => {
    await store.record([ofRoom(1, sample(at(0), 20))]);
    await store.record([ofRoom(1, sample(at(0), 22.5))]);
    // Twice in one tick (a device listing a room twice): the later one.
    await store.record([ofRoom(1, sample(at(1), 19)), ofRoom(1, sample(at(1), 19.5))]);
    expect((await store.raw(1, at(0), at(1))).map((s) => s.temperature)).toEqual([22.5, 19.5]);

    // Packed: a second write of the same hour merges with it, its times replacing the first's.
    const hour = T0 + 2 * HOUR_MS;
    await store.transaction((tx) =>
      store.writeSamples(tx, 2, [sample(hour, 20), sample(hour + MINUTE, 20)]),
    );
    await store.transaction((tx) =>
      store.writeSamples(tx, 2, [sample(hour + MINUTE, 21), sample(hour + 2 * MINUTE, 21)]),
    );
    expect((await store.raw(2, hour, hour + HOUR_MS - 1)).map((s) => s.temperature)).toEqual([
      20, 21, 21,
    ]);
    // The quarter's mean is the merged samples'; one row per hour and per quarter.
    expect(await store.quarters(2, hour, hour)).toEqual([sample(hour, 20.67)]);
    expect([await count('history_hours'), await count('history_quarters')]).toEqual([1, 1]);
  });

  it('writes samples given in pieces as one, an hour split over two pieces in one row', async () => {
    const hour = T0 + 5 * HOUR_MS;
    const first = minutes(hour, 30);
    const second = minutes(hour + 30 * MINUTE, 90).map((one) => ({ ...one, temperature: 18 }));
    await store.transaction((tx) => store.writePieces(tx, 1, [first, second]));
    expect(await store.raw(1, hour, hour + 2 * HOUR_MS)).toEqual([...first, ...second]);
    expect([await count('history_hours'), await count('history_quarters')]).toEqual([2, 8]);
  });

  it('lists every room with history in any of its tables, in id order', async () => {
    // Room 9: means only (its hours older than the raw window); 3: packed hours; 7: recorded.
    await store.transaction(async (tx) => {
      await store.writeSamples(tx, 9, minutes(T0, 60), T0 + 2 * HOUR_MS);
      await store.writeSamples(tx, 3, minutes(T0, 60));
    });
    await store.record([ofRoom(7, sample(T0)), ofRoom(3, sample(at(90)))]);
    expect(await count('history_hours')).toBe(1);
    expect(await store.roomIds()).toEqual([3, 7, 9]);
    expect(await store.hasHistory(9)).toBe(true);
  });

  it('packs whole hours into packed hours and 15-minute means; the reads stay the same', async () => {
    const recorded = minutes(T0, 120);
    // Room 2: its own values, 5 °C lower, and no samples in the second half of the first hour.
    const other = recorded
      .filter((one) => one.time < at(30) || one.time >= at(60))
      .map((one) => ({ ...one, temperature: one.temperature! - 5 }));
    for (const one of recorded) await store.record([ofRoom(1, one)]);
    for (const one of other) await store.record([ofRoom(2, one)]);
    const before = await store.raw(1, T0, at(119));
    expect(before).toEqual(recorded);

    expect(await store.roomsToPack(at(60))).toEqual([1, 2]);
    // Both rooms in one batch: each keeps its own samples.
    await store.transaction((tx) => store.pack(tx, [1, 2], at(60)));
    expect(await store.roomsToPack(at(60))).toEqual([]);
    // The first hour of each room is one packed row and four means; the second is unpacked.
    expect(await count('history_hours')).toBe(2);
    expect(await count('history_quarters')).toBe(4 + 2);
    expect(await count('history_recent')).toBe(120);

    expect(await store.raw(1, T0, at(119))).toEqual(before);
    expect(await store.raw(2, T0, at(119))).toEqual(other);
    // Means of the stored quarters and of the samples not packed yet alike.
    const means = await store.quarters(1, T0, at(119));
    expect(means).toEqual(
      Array.from({ length: 8 }, (_, q) => ({
        ...sample(T0 + q * QUARTER_MS, twoDecimals(20 + (15 * q + 7) / 8)),
      })),
    );
  });

  it('prunes raw hours past the raw window and means past the means window', async () => {
    // Three days of 15-minute samples, packed, and a stray unpacked one from the first day.
    const days = Array.from({ length: 3 * 96 }, (_, i) => sample(T0 + i * QUARTER_MS, 20));
    await store.transaction((tx) => store.writeSamples(tx, 1, days));
    await store.record([ofRoom(1, sample(T0 + 5 * MINUTE, 20))]);
    const rawBefore = T0 + 2 * DAY_MS;
    const meansBefore = T0 + DAY_MS;
    await store.transaction((tx) => store.prune(tx, 1, rawBefore, meansBefore));

    const raw = await store.raw(1, T0, T0 + 3 * DAY_MS);
    expect(raw[0]!.time).toBe(rawBefore);
    expect(raw).toHaveLength(96);
    const means = await store.quarters(1, T0, T0 + 3 * DAY_MS);
    expect(means[0]!.time).toBe(meansBefore);
    expect(means).toHaveLength(2 * 96);
    expect(await count('history_recent')).toBe(0);
  });

  it('a transaction that fails writes nothing of it', async () => {
    await expect(
      store.transaction(async (tx) => {
        await store.writeSamples(tx, 1, minutes(T0, 30));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await store.isEmpty()).toBe(true);
    // The connection is usable afterwards (no transaction left open).
    await store.record([ofRoom(1, sample(T0))]);
    expect(await store.raw(1, T0, T0)).toHaveLength(1);
  });

  it('records a tick of 2,500 rooms in one call', async () => {
    const tick = Array.from({ length: 2500 }, (_, i) => ofRoom(i + 1, sample(T0)));
    await store.record(tick);
    expect(await count('history_recent')).toBe(2500);
    expect(await store.raw(2500, T0, T0)).toEqual([sample(T0)]);
  });

  it('reads one room and period as index range scans', async () => {
    // Enough rows that a full scan would cost more: 100 rooms of 2 days packed, 30 minutes not.
    for (let first = 1; first <= 100; first += 25) {
      await store.transaction(async (tx) => {
        for (let id = first; id < first + 25; id++) {
          await store.writeSamples(tx, id, minutes(T0 - 2 * DAY_MS, 2 * 24 * 60));
        }
      });
    }
    for (let m = 0; m < 30; m++) {
      await store.record(Array.from({ length: 100 }, (_, i) => ofRoom(i + 1, sample(at(m)))));
    }
    if (engine === 'postgres') await raw`ANALYZE`.execute(sql);

    // The statements the reads run, as the engine gets them.
    const seen: { node: RootOperationNode; queryId: QueryId }[] = [];
    const capture: KyselyPlugin = {
      transformQuery: (args) => {
        seen.push(args);
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const watched = createHistoryRepository(sql.withPlugin(capture), engine, 1);
    expect(await watched.raw(42, T0 - DAY_MS, at(20))).toHaveLength(DAY_MS / MINUTE + 21);
    expect(await watched.quarters(42, T0 - 2 * DAY_MS, at(29))).toHaveLength(2 * 96 + 2);
    const selects = seen.filter((query) => SelectQueryNode.is(query.node));
    expect(selects.length).toBeGreaterThanOrEqual(5);
    for (const { node, queryId } of selects) {
      const compiled = sql.getExecutor().compileQuery(node, queryId);
      const explain = engine === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const { rows } = await sql.executeQuery<Record<string, string>>(
        CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
      );
      const plan = rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n');
      if (engine === 'sqlite') {
        expect(plan, compiled.sql).toMatch(
          /SEARCH history_\w+ USING PRIMARY KEY \(house_id=\? AND room_id=\? AND/,
        );
        expect(plan, compiled.sql).not.toMatch(/SCAN/);
      } else {
        expect(plan, compiled.sql).toMatch(
          /(Bitmap )?Index (Only )?Scan (using|on) history_\w+_pkey/,
        );
        expect(plan, compiled.sql).not.toMatch(/Seq Scan/);
      }
    }
  });
});
