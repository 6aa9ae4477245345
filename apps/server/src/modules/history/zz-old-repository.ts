import type { Database } from 'better-sqlite3';
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
 */

const SCALE = 200;
const toUnits = (value: number | null) => (value === null ? null : Math.round(value * SCALE));
const fromUnits = (value: number | null) => (value === null ? null : value / SCALE);
const toSeconds = (ms: number) => Math.floor(ms / 1000);
const HOUR_S = HOUR_MS / 1000;
const QUARTER_S = QUARTER_MS / 1000;

interface Row {
  time: number;
  temperature: number | null;
  target: number | null;
  humidity: number | null;
  valve: number | null;
}

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

export function createHistoryRepository(db: Database) {
  const insertRecent = db.prepare(
    `INSERT OR REPLACE INTO history_recent (room_id, time, temperature, target, humidity, valve)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const recentRange = db.prepare<[number, number, number], Row>(
    `SELECT time, temperature, target, humidity, valve FROM history_recent
     WHERE room_id = ? AND time BETWEEN ? AND ? ORDER BY time`,
  );
  const recentBefore = db.prepare<[number, number], Row>(
    `SELECT time, temperature, target, humidity, valve FROM history_recent
     WHERE room_id = ? AND time < ? ORDER BY time`,
  );
  const deleteRecentBefore = db.prepare(
    'DELETE FROM history_recent WHERE room_id = ? AND time < ?',
  );
  const roomsWithRecentBefore = db.prepare<[number], number>(
    'SELECT DISTINCT room_id FROM history_recent WHERE time < ? ORDER BY room_id',
  );
  const hoursRange = db.prepare<[number, number, number], { hour: number; samples: Buffer }>(
    'SELECT hour, samples FROM history_hours WHERE room_id = ? AND hour BETWEEN ? AND ? ORDER BY hour',
  );
  const hourOf = db.prepare<[number, number], { samples: Buffer }>(
    'SELECT samples FROM history_hours WHERE room_id = ? AND hour = ?',
  );
  const putHour = db.prepare(
    'INSERT OR REPLACE INTO history_hours (room_id, hour, samples) VALUES (?, ?, ?)',
  );
  const putQuarter = db.prepare(
    `INSERT OR REPLACE INTO history_quarters (room_id, time, temperature, target, humidity, valve)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const quartersRange = db.prepare<[number, number, number], Row>(
    `SELECT time, temperature, target, humidity, valve FROM history_quarters
     WHERE room_id = ? AND time BETWEEN ? AND ? ORDER BY time`,
  );
  const pruneHours = db.prepare('DELETE FROM history_hours WHERE room_id = ? AND hour < ?');
  const pruneQuarters = db.prepare('DELETE FROM history_quarters WHERE room_id = ? AND time < ?');
  const pruneRecent = db.prepare('DELETE FROM history_recent WHERE room_id = ? AND time < ?');
  const anyRow = db.prepare<[], number>(
    `SELECT EXISTS (SELECT 1 FROM history_recent) OR EXISTS (SELECT 1 FROM history_hours)
       OR EXISTS (SELECT 1 FROM history_quarters)`,
  );
  anyRow.pluck();
  const roomHasRow = db
    .prepare<[number, number, number], number>(
      `SELECT EXISTS (SELECT 1 FROM history_recent WHERE room_id = ?)
         OR EXISTS (SELECT 1 FROM history_hours WHERE room_id = ?)
         OR EXISTS (SELECT 1 FROM history_quarters WHERE room_id = ?)`,
    )
    .pluck();
  // The next room id after one, per table: index seeks, never a scan of the whole history.
  const nextRoom = ['history_recent', 'history_hours', 'history_quarters'].map((table) =>
    db
      .prepare<[number], number | null>(`SELECT min(room_id) FROM ${table} WHERE room_id > ?`)
      .pluck(),
  );
  roomsWithRecentBefore.pluck();
  // The unpacked samples are at most an hour or two of every room: a short scan, asked once.
  const latestRecent = db
    .prepare<[], number | null>('SELECT max(time) FROM history_recent')
    .pluck();

  /**
   * One transaction of history writes, off the users' path: `busy_timeout` 0, so a lock held by
   * another process fails it at once (the caller logs it) instead of stalling the event loop and
   * every request for up to five seconds; and `synchronous = NORMAL`, so it costs no fsync of
   * its own (WAL: a power cut may lose the last samples, never the database; the next user
   * write's FULL commit syncs them with it).
   */
  const quietly = <T>(work: () => T): T => {
    const busy = db.pragma('busy_timeout', { simple: true }) as number;
    const sync = db.pragma('synchronous', { simple: true }) as number;
    db.pragma('busy_timeout = 0');
    db.pragma('synchronous = NORMAL');
    try {
      return db.transaction(work)();
    } finally {
      db.pragma(`synchronous = ${sync}`);
      db.pragma(`busy_timeout = ${busy}`);
    }
  };

  const writeQuarters = (roomId: number, samples: readonly HistorySample[]) => {
    for (const mean of quarterMeans(samples)) {
      putQuarter.run(
        roomId,
        toSeconds(mean.time),
        toUnits(mean.temperature),
        toUnits(mean.target),
        mean.humidity,
        mean.valve,
      );
    }
  };

  /** Packs samples (time order) into their hours, merging with hours already packed. */
  const writeHours = (roomId: number, samples: readonly HistorySample[], rawFromS: number) => {
    let start = 0;
    while (start < samples.length) {
      const hourS = toSeconds(samples[start]!.time) - (toSeconds(samples[start]!.time) % HOUR_S);
      let end = start;
      while (end < samples.length && toSeconds(samples[end]!.time) < hourS + HOUR_S) end++;
      let group: HistorySample[] = samples.slice(start, end);
      const existing = hourOf.get(roomId, hourS);
      if (existing) {
        const merged: HistorySample[] = [];
        decodeHour(hourS, existing.samples, hourS, hourS + HOUR_S, merged);
        group = ordered([...merged, ...group]);
      }
      if (hourS + HOUR_S > rawFromS) putHour.run(roomId, hourS, encodeHour(hourS, group));
      writeQuarters(roomId, group);
      start = end;
    }
  };

  /** Raw samples of a room in [from, to] (epoch ms), in time order. */
  const raw = (roomId: number, from: number, to: number): HistorySample[] => {
    const fromS = Math.ceil(from / 1000);
    const toS = toSeconds(to);
    const samples: HistorySample[] = [];
    for (const row of hoursRange.iterate(roomId, fromS - (fromS % HOUR_S), toS)) {
      decodeHour(row.hour, row.samples, fromS, toS, samples);
    }
    for (const row of recentRange.iterate(roomId, fromS, toS)) samples.push(sampleOf(row));
    return ordered(samples);
  };

  return {
    /** Whether nothing was ever recorded (the backfill's condition). */
    isEmpty(): boolean {
      return anyRow.get() === 0;
    },

    /**
     * Records one tick of many rooms in one transaction (see `quietly`).
     */
    /** The newest unpacked sample's time (epoch ms), or null when there is none. */
    latestRecent(): number | null {
      const seconds = latestRecent.get() ?? null;
      return seconds === null ? null : seconds * 1000;
    },

    record(samples: readonly RoomSample[]): void {
      quietly(() => {
        for (const sample of samples) {
          insertRecent.run(
            sample.roomId,
            toSeconds(sample.time),
            toUnits(sample.temperature),
            toUnits(sample.target),
            sample.humidity,
            sample.valve,
          );
        }
      });
    },

    raw,

    /**
     * 15-minute means of a room whose quarter starts in [from, to] (epoch ms), in time order:
     * the stored ones, then those of the samples not packed yet.
     */
    quarters(roomId: number, from: number, to: number): HistorySample[] {
      const fromS = Math.ceil(from / 1000);
      const toS = toSeconds(to);
      const firstPending = recentRange.get(roomId, fromS, toS);
      if (!firstPending) return quartersRange.all(roomId, fromS, toS).map(sampleOf);
      // From the quarter of the first sample not packed yet, the means are made from the raw
      // samples (packed and not), so a quarter half packed by the backfill is whole.
      const pendingFromS = firstPending.time - (firstPending.time % QUARTER_S);
      const stored = quartersRange.all(roomId, fromS, pendingFromS - 1).map(sampleOf);
      const pending = quarterMeans(raw(roomId, pendingFromS * 1000, to));
      return [...stored, ...pending.filter((mean) => mean.time >= from)];
    },

    /**
     * Writes samples of one room (time order) straight into the packed store, with their
     * 15-minute means: the backfill and the benchmark. Hours ending before `rawFrom` (epoch ms)
     * keep their means only. The caller wraps many rooms in one transaction.
     */
    writeSamples(roomId: number, samples: readonly HistorySample[], rawFrom = 0): void {
      writeHours(roomId, samples, toSeconds(rawFrom));
    },

    /** Runs `work` in one transaction (see `quietly`): packing, pruning, backfill batches. */
    transaction<T>(work: () => T): T {
      return quietly(work);
    },

    /** Rooms with samples recorded before `before` (epoch ms) that are not packed yet. */
    roomsToPack(before: number): number[] {
      return roomsWithRecentBefore.all(toSeconds(before));
    },

    /**
     * Packs a room's samples recorded before `before` (epoch ms, a whole hour) into hours and
     * their means. One room: the caller bounds its transactions by the rooms it packs in each.
     */
    pack(roomId: number, before: number): void {
      const beforeS = toSeconds(before);
      const samples = recentBefore.all(roomId, beforeS).map(sampleOf);
      if (samples.length === 0) return;
      writeHours(roomId, samples, 0);
      deleteRecentBefore.run(roomId, beforeS);
    },

    /** Whether anything was recorded of this room. */
    hasHistory(roomId: number): boolean {
      return roomHasRow.get(roomId, roomId, roomId) === 1;
    },

    /** Every room id with any history (rooms removed from the building too). */
    roomIds(): number[] {
      const ids: number[] = [];
      let after = -1;
      for (;;) {
        const next = nextRoom
          .map((statement) => statement.get(after) ?? null)
          .filter((id): id is number => id !== null);
        if (next.length === 0) return ids;
        after = Math.min(...next);
        ids.push(after);
      }
    },

    /** Deletes a room's raw samples before `rawBefore` and means before `meansBefore` (ms). */
    prune(roomId: number, rawBefore: number, meansBefore: number): void {
      // An hour goes once all of it is older than the raw window.
      pruneHours.run(roomId, toSeconds(rawBefore) - HOUR_S + 1);
      pruneRecent.run(roomId, toSeconds(meansBefore));
      pruneQuarters.run(roomId, toSeconds(meansBefore));
    },
  };
}
export type HistoryRepository = ReturnType<typeof createHistoryRepository>;
