import { sql as raw } from 'kysely';
import './tables.js';
import type { Engine, Sql, Tx } from '../../platform/database/schema.js';
import type { HistoryHourRow, HistorySampleRow } from './tables.js';
import { HOUR_MS, QUARTER_MS, quarterMeans, type HistorySample, type RoomSample } from './rules.js';

/**
 * The temperature history's store: the ONE module that knows its layout (migration
 * 004-history.sql; decision 34), so that a PostgreSQL/TimescaleDB store
 * can replace it behind the same functions.
 *
 * Layout: each tick adds one row per room to `history_recent`; the background packs every whole
 * hour of a room into one `history_hours` row (8 bytes per sample) and writes that hour's four
 * 15-minute means into `history_quarters`. A row per sample costs ~23 bytes on disk, a packed
 * hour ~10 bytes a sample (14 KB per room and day, bench:history), and a 24 h query reads 24
 * rows instead of 1,440.
 *
 * Units stored: epoch seconds; temperatures and targets as whole 1/200 °C (exact for the
 * 0.125 °C grid and for two decimals); humidity and valve as whole percent.
 *
 * On the query builder, the same statements on SQLite and PostgreSQL (issue 37): a slot written
 * again replaces the earlier value (`onConflict … doUpdateSet`), many rows go in multi-row
 * inserts, and every read of a room is a range of the tables' primary key (room_id, time|hour).
 */

const SCALE = 200;
const toUnits = (value: number | null) => (value === null ? null : Math.round(value * SCALE));
const fromUnits = (value: number | null) => (value === null ? null : value / SCALE);
const toSeconds = (ms: number) => Math.floor(ms / 1000);
const HOUR_S = HOUR_MS / 1000;
const QUARTER_S = QUARTER_MS / 1000;

type Row = Omit<HistorySampleRow, 'house_id' | 'room_id'>;

const sampleOf = (row: Row): HistorySample => ({
  time: row.time * 1000,
  temperature: fromUnits(row.temperature),
  target: fromUnits(row.target),
  humidity: row.humidity,
  valve: row.valve,
});

// The packed hour: per sample a uint16 offset (seconds into the hour), int16 temperature and
// int16 target (1/200 °C; -32768 = null), uint8 humidity and uint8 valve (255 = null).
const BYTES = 8;
const NULL_I16 = -32768;
const NULL_U8 = 255;

const i16 = (value: number | null) =>
  value === null ? NULL_I16 : Math.max(-32767, Math.min(32767, Math.round(value * SCALE)));
const u8 = (value: number | null) =>
  value === null ? NULL_U8 : Math.max(0, Math.min(254, Math.round(value)));

/** Packs samples of one hour (time order) starting at `hourS` (epoch seconds). */
export function encodeHour(hourS: number, samples: readonly HistorySample[]): Buffer {
  const buffer = Buffer.alloc(samples.length * BYTES);
  samples.forEach((sample, index) => {
    const at = index * BYTES;
    buffer.writeUInt16LE(toSeconds(sample.time) - hourS, at);
    buffer.writeInt16LE(i16(sample.temperature), at + 2);
    buffer.writeInt16LE(i16(sample.target), at + 4);
    buffer.writeUInt8(u8(sample.humidity), at + 6);
    buffer.writeUInt8(u8(sample.valve), at + 7);
  });
  return buffer;
}

/** The samples of a packed hour, appended to `into`, those in [fromS, toS] only. */
function decodeHour(
  hourS: number,
  buffer: Buffer,
  fromS: number,
  toS: number,
  into: HistorySample[],
): void {
  for (let at = 0; at + BYTES <= buffer.length; at += BYTES) {
    const time = hourS + buffer.readUInt16LE(at);
    if (time < fromS || time > toS) continue;
    const temperature = buffer.readInt16LE(at + 2);
    const target = buffer.readInt16LE(at + 4);
    const humidity = buffer.readUInt8(at + 6);
    const valve = buffer.readUInt8(at + 7);
    into.push({
      time: time * 1000,
      temperature: temperature === NULL_I16 ? null : temperature / SCALE,
      target: target === NULL_I16 ? null : target / SCALE,
      humidity: humidity === NULL_U8 ? null : humidity,
      valve: valve === NULL_U8 ? null : valve,
    });
  }
}

/** Samples in time order, one per time (a later one wins). */
function ordered(samples: HistorySample[]): HistorySample[] {
  for (let i = 1; i < samples.length; i++) {
    if (samples[i]!.time <= samples[i - 1]!.time) {
      const byTime = new Map(samples.map((sample) => [sample.time, sample]));
      return [...byTime.values()].sort((a, b) => a.time - b.time);
    }
  }
  return samples;
}

/** Rows per multi-row insert: 6,000 parameters at most (SQLite allows 32,766, pg 65,535). */
const ROWS_PER_INSERT = 1000;
const SAMPLE_COLUMNS = ['temperature', 'target', 'humidity', 'valve'] as const;

/** One row per key, the last one given winning (as rows written one after another would). */
function lastPerKey<T>(rows: readonly T[], key: (row: T) => string | number): T[] {
  const byKey = new Map<string | number, T>();
  for (const row of rows) byKey.set(key(row), row);
  return byKey.size === rows.length ? [...rows] : [...byKey.values()];
}

const sampleRow = (houseId: number, roomId: number, sample: HistorySample): HistorySampleRow => ({
  house_id: houseId,
  room_id: roomId,
  time: toSeconds(sample.time),
  temperature: toUnits(sample.temperature),
  target: toUnits(sample.target),
  humidity: sample.humidity,
  valve: sample.valve,
});

/** One hour of one room, encoded, with its 15-minute means. */
interface PackedHour {
  hourS: number;
  samples: Buffer;
  quarters: HistorySample[];
}

/** Samples (time order) grouped into their hours, encoded, with their means. */
function packHours(samples: readonly HistorySample[], hours: PackedHour[] = []): PackedHour[] {
  let start = 0;
  while (start < samples.length) {
    const hourS = toSeconds(samples[start]!.time) - (toSeconds(samples[start]!.time) % HOUR_S);
    let end = start;
    while (end < samples.length && toSeconds(samples[end]!.time) < hourS + HOUR_S) end++;
    const group = samples.slice(start, end);
    hours.push({ hourS, samples: encodeHour(hourS, group), quarters: quarterMeans(group) });
    start = end;
  }
  return hours;
}

/**
 * The history's store over the query builder (`sql`, of `engine`). Reads use `sql`; writes run
 * on the `tx` of a `transaction` (or `record`'s own).
 */
/** The history of one building (house id): every query names it. */
export function createHistoryRepository(sql: Sql, engine: Engine, houseId: number) {
  const sampleColumns = ['time', ...SAMPLE_COLUMNS] as const;

  /** Inserts sample rows; a (room, time) already stored is replaced. */
  const putSamples = async (
    tx: Tx,
    table: 'history_recent' | 'history_quarters',
    rows: readonly HistorySampleRow[],
  ) => {
    const unique = lastPerKey(rows, (row) => `${row.room_id}:${row.time}`);
    for (let at = 0; at < unique.length; at += ROWS_PER_INSERT) {
      await tx
        .insertInto(table)
        .values(unique.slice(at, at + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict.columns(['house_id', 'room_id', 'time']).doUpdateSet((eb) => ({
            temperature: eb.ref('excluded.temperature'),
            target: eb.ref('excluded.target'),
            humidity: eb.ref('excluded.humidity'),
            valve: eb.ref('excluded.valve'),
          })),
        )
        .execute();
    }
  };

  /** A room's sample rows of `table` with time in [fromS, toS] (or before `toS`), in order. */
  const sampleRange = (
    db: Sql | Tx,
    table: 'history_recent' | 'history_quarters',
    roomId: number,
    fromS: number | null,
    toS: number,
    inclusive = true,
  ) => {
    let query = db
      .selectFrom(table)
      .select(sampleColumns)
      .where('house_id', '=', houseId)
      .where('room_id', '=', roomId);
    if (fromS !== null) query = query.where('time', '>=', fromS);
    return query.where('time', inclusive ? '<=' : '<', toS).orderBy('time');
  };

  /**
   * One transaction of history writes, off the users' path (not the group commit). SQLite (its
   * own statements, here only): `busy_timeout` 0, so a lock held by another process fails it at
   * once (the caller logs it) instead of stalling every request for up to five seconds; and
   * `synchronous = NORMAL`, so it costs no fsync of its own (WAL: a power cut may lose the last
   * samples, never the database; the next user write's FULL commit syncs them with it).
   * PostgreSQL: `synchronous_commit = off` for this transaction, the same trade.
   */
  const quietly = <T>(work: (tx: Tx) => Promise<T>): Promise<T> =>
    sql.connection().execute(async (tx) => {
      let restore: string[] = [];
      if (engine === 'sqlite') {
        const pragma = async (name: string) => {
          const { rows } = await raw<Record<string, number>>`PRAGMA ${raw.raw(name)}`.execute(tx);
          return Object.values(rows[0] ?? {})[0];
        };
        restore = [
          `synchronous = ${await pragma('synchronous')}`,
          `busy_timeout = ${await pragma('busy_timeout')}`,
        ];
        await raw`PRAGMA busy_timeout = 0`.execute(tx);
        await raw`PRAGMA synchronous = NORMAL`.execute(tx);
      }
      try {
        await raw`BEGIN`.execute(tx);
        if (engine === 'postgres') await raw`SET LOCAL synchronous_commit = off`.execute(tx);
        try {
          const result = await work(tx);
          await raw`COMMIT`.execute(tx);
          return result;
        } catch (error) {
          await raw`ROLLBACK`.execute(tx).catch(() => undefined);
          throw error;
        }
      } finally {
        for (const setting of restore) await raw`PRAGMA ${raw.raw(setting)}`.execute(tx);
      }
    });

  /**
   * Packs samples of rooms into their hours with their means, merging with hours already packed
   * (one read of the hours they fall in, one multi-row insert per table for all the rooms).
   * Each room's `pieces` are its samples in time order, in pieces (the backfill's hours): each
   * is encoded as it comes, so its sample objects die young (decision 47). Hours ending before
   * `rawFromS` keep their means only.
   */
  const writeHours = async (
    tx: Tx,
    rooms: readonly (readonly [roomId: number, pieces: Iterable<readonly HistorySample[]>])[],
    rawFromS: number,
  ) => {
    // An hour in two pieces (or written before): one row of both, a time in both the later's.
    const merge = (hour: PackedHour, before: Buffer) => {
      const merged: HistorySample[] = [];
      decodeHour(hour.hourS, before, hour.hourS, hour.hourS + HOUR_S, merged);
      decodeHour(hour.hourS, hour.samples, hour.hourS, hour.hourS + HOUR_S, merged);
      const group = ordered(merged);
      hour.samples = encodeHour(hour.hourS, group);
      hour.quarters = quarterMeans(group);
    };
    const byRoom = new Map<number, Map<number, PackedHour>>();
    let first = Infinity;
    let last = -Infinity;
    for (const [roomId, pieces] of rooms) {
      const packed: PackedHour[] = [];
      for (const piece of pieces) packHours(piece, packed);
      const byHour = byRoom.get(roomId) ?? new Map<number, PackedHour>();
      for (const hour of packed) {
        const earlier = byHour.get(hour.hourS);
        if (earlier) merge(hour, earlier.samples);
        byHour.set(hour.hourS, hour);
        first = Math.min(first, hour.hourS);
        last = Math.max(last, hour.hourS);
      }
      if (byHour.size > 0) byRoom.set(roomId, byHour);
    }
    if (byRoom.size === 0) return;
    const existing = await tx
      .selectFrom('history_hours')
      .select(['room_id', 'hour', 'samples'])
      .where('house_id', '=', houseId)
      .where('room_id', 'in', [...byRoom.keys()])
      .where('hour', '>=', first)
      .where('hour', '<=', last)
      .execute();
    for (const row of existing) {
      const hour = byRoom.get(row.room_id)?.get(row.hour);
      if (hour) merge(hour, row.samples);
    }
    const hourRows: HistoryHourRow[] = [];
    const quarterRows: HistorySampleRow[] = [];
    for (const [roomId, byHour] of byRoom) {
      for (const hour of byHour.values()) {
        if (hour.hourS + HOUR_S > rawFromS) {
          hourRows.push({
            house_id: houseId,
            room_id: roomId,
            hour: hour.hourS,
            samples: hour.samples,
          });
        }
        for (const mean of hour.quarters) quarterRows.push(sampleRow(houseId, roomId, mean));
      }
    }
    for (let at = 0; at < hourRows.length; at += ROWS_PER_INSERT) {
      await tx
        .insertInto('history_hours')
        .values(hourRows.slice(at, at + ROWS_PER_INSERT))
        .onConflict((conflict) =>
          conflict
            .columns(['house_id', 'room_id', 'hour'])
            .doUpdateSet((eb) => ({ samples: eb.ref('excluded.samples') })),
        )
        .execute();
    }
    await putSamples(tx, 'history_quarters', quarterRows);
  };

  /** Raw samples of a room in [from, to] (epoch ms), in time order. */
  const rawSamples = async (roomId: number, from: number, to: number) => {
    const fromS = Math.ceil(from / 1000);
    const toS = toSeconds(to);
    const samples: HistorySample[] = [];
    const hours = await sql
      .selectFrom('history_hours')
      .select(['hour', 'samples'])
      .where('house_id', '=', houseId)
      .where('room_id', '=', roomId)
      .where('hour', '>=', fromS - (fromS % HOUR_S))
      .where('hour', '<=', toS)
      .orderBy('hour')
      .execute();
    for (const row of hours) decodeHour(row.hour, row.samples, fromS, toS, samples);
    const recent = await sampleRange(sql, 'history_recent', roomId, fromS, toS).execute();
    for (const row of recent) samples.push(sampleOf(row));
    return ordered(samples);
  };

  const tables = ['history_recent', 'history_hours', 'history_quarters'] as const;

  return {
    /** Whether nothing was ever recorded (the backfill's condition). */
    async isEmpty(): Promise<boolean> {
      for (const table of tables) {
        const row = await sql
          .selectFrom(table)
          .select('room_id')
          .where('house_id', '=', houseId)
          .limit(1)
          .executeTakeFirst();
        if (row) return false;
      }
      return true;
    },

    /** The newest unpacked sample's time (epoch ms), or null when there is none. */
    async latestRecent(): Promise<number | null> {
      // The unpacked samples are at most an hour or two of every room: a short scan, asked once.
      const row = await sql
        .selectFrom('history_recent')
        .select((eb) => eb.fn.max('time').as('time'))
        .where('house_id', '=', houseId)
        .executeTakeFirst();
      return row?.time == null ? null : Number(row.time) * 1000;
    },

    /** Records one tick of many rooms in one transaction of its own (see `quietly`). */
    async record(samples: readonly RoomSample[]): Promise<void> {
      if (samples.length === 0) return;
      await quietly((tx) =>
        putSamples(
          tx,
          'history_recent',
          samples.map((sample) => sampleRow(houseId, sample.roomId, sample)),
        ),
      );
    },

    raw: rawSamples,

    /**
     * 15-minute means of a room whose quarter starts in [from, to] (epoch ms), in time order:
     * the stored ones, then those of the samples not packed yet.
     */
    async quarters(roomId: number, from: number, to: number): Promise<HistorySample[]> {
      const fromS = Math.ceil(from / 1000);
      const toS = toSeconds(to);
      const firstPending = await sampleRange(sql, 'history_recent', roomId, fromS, toS)
        .limit(1)
        .executeTakeFirst();
      if (!firstPending) {
        const rows = await sampleRange(sql, 'history_quarters', roomId, fromS, toS).execute();
        return rows.map(sampleOf);
      }
      // From the quarter of the first sample not packed yet, the means are made from the raw
      // samples (packed and not), so a quarter half packed by the backfill is whole.
      const pendingFromS = firstPending.time - (firstPending.time % QUARTER_S);
      const stored = await sampleRange(
        sql,
        'history_quarters',
        roomId,
        fromS,
        pendingFromS - 1,
      ).execute();
      const pending = quarterMeans(await rawSamples(roomId, pendingFromS * 1000, to));
      return [...stored.map(sampleOf), ...pending.filter((mean) => mean.time >= from)];
    },

    /**
     * Writes samples of one room (time order) straight into the packed store, with their
     * 15-minute means: the backfill and the benchmark. Hours ending before `rawFrom` (epoch ms)
     * keep their means only. The caller wraps many rooms in one `transaction`.
     */
    async writeSamples(
      tx: Tx,
      roomId: number,
      samples: readonly HistorySample[],
      rawFrom = 0,
    ): Promise<void> {
      await writeHours(tx, [[roomId, [samples]]], toSeconds(rawFrom));
    },

    /**
     * `writeSamples` of samples given in pieces (time order; the backfill's hours of a
     * room-day): each piece is encoded as it comes and dropped, the whole written at once.
     */
    async writePieces(
      tx: Tx,
      roomId: number,
      pieces: Iterable<readonly HistorySample[]>,
      rawFrom = 0,
    ): Promise<void> {
      await writeHours(tx, [[roomId, pieces]], toSeconds(rawFrom));
    },

    /** Runs `work` in one transaction (see `quietly`): packing, pruning, backfill batches. */
    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return quietly(work);
    },

    /** Rooms with samples recorded before `before` (epoch ms) that are not packed yet. */
    async roomsToPack(before: number): Promise<number[]> {
      const rows = await sql
        .selectFrom('history_recent')
        .select('room_id')
        .distinct()
        .where('house_id', '=', houseId)
        .where('time', '<', toSeconds(before))
        .orderBy('room_id')
        .execute();
      return rows.map((row) => row.room_id);
    },

    /**
     * Packs the samples of rooms recorded before `before` (epoch ms, a whole hour) into hours
     * and their means: a read, two multi-row inserts and a delete for all of them. The caller
     * bounds its transactions by the rooms it packs in each.
     */
    async pack(tx: Tx, roomIds: readonly number[], before: number): Promise<void> {
      if (roomIds.length === 0) return;
      const beforeS = toSeconds(before);
      const rows = await tx
        .selectFrom('history_recent')
        .select(['room_id', ...sampleColumns])
        .where('house_id', '=', houseId)
        .where('room_id', 'in', roomIds)
        .where('time', '<', beforeS)
        .orderBy('room_id')
        .orderBy('time')
        .execute();
      if (rows.length === 0) return;
      const byRoom = new Map<number, HistorySample[]>();
      for (const row of rows) {
        const samples = byRoom.get(row.room_id) ?? [];
        samples.push(sampleOf(row));
        byRoom.set(row.room_id, samples);
      }
      await writeHours(
        tx,
        [...byRoom].map(([roomId, samples]) => [roomId, [samples]] as const),
        0,
      );
      await tx
        .deleteFrom('history_recent')
        .where('house_id', '=', houseId)
        .where('room_id', 'in', [...byRoom.keys()])
        .where('time', '<', beforeS)
        .execute();
    },

    /** Whether anything was recorded of this room. */
    async hasHistory(roomId: number): Promise<boolean> {
      for (const table of tables) {
        const row = await sql
          .selectFrom(table)
          .select('room_id')
          .where('house_id', '=', houseId)
          .where('room_id', '=', roomId)
          .limit(1)
          .executeTakeFirst();
        if (row) return true;
      }
      return false;
    },

    /** Every room id with any history (rooms removed from the building too). */
    async roomIds(): Promise<number[]> {
      const ids = new Set<number>();
      for (const table of tables) {
        // A loose index scan: from each room id the next one, an index seek each, never a scan
        // of the whole history; one recursive statement per table on both engines.
        const { rows } = await raw<{ id: number | null }>`
          WITH RECURSIVE ids (id) AS (
            SELECT min(room_id) FROM ${raw.table(table)} WHERE house_id = ${houseId}
            UNION ALL
            SELECT (SELECT min(room_id) FROM ${raw.table(table)}
                    WHERE house_id = ${houseId} AND room_id > ids.id)
            FROM ids WHERE ids.id IS NOT NULL
          )
          SELECT id FROM ids WHERE id IS NOT NULL`.execute(sql);
        for (const row of rows) ids.add(Number(row.id));
      }
      return [...ids].sort((a, b) => a - b);
    },

    /** Deletes a room's raw samples before `rawBefore` and means before `meansBefore` (ms). */
    async prune(tx: Tx, roomId: number, rawBefore: number, meansBefore: number): Promise<void> {
      // An hour goes once all of it is older than the raw window.
      await tx
        .deleteFrom('history_hours')
        .where('house_id', '=', houseId)
        .where('room_id', '=', roomId)
        .where('hour', '<', toSeconds(rawBefore) - HOUR_S + 1)
        .execute();
      for (const table of ['history_recent', 'history_quarters'] as const) {
        await tx
          .deleteFrom(table)
          .where('house_id', '=', houseId)
          .where('room_id', '=', roomId)
          .where('time', '<', toSeconds(meansBefore))
          .execute();
      }
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
