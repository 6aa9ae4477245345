import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../../platform/database/schema.js';
import { createHistoryRepository, type HistoryRepository } from './repository.js';
import {
  createBackfill,
  DAY_MS,
  HOUR_MS,
  QUARTER_SECONDS,
  resolutionFor,
  sampleOfRoom,
  slotOf,
  type HistorySample,
  type RoomSample,
} from './rules.js';
import { contextNow, targetInForce, type House } from '../building/index.js';
import { dropMonthsBefore, ensureMonths } from './partitions.js';

export type BackfillStatus = 'running' | 'done' | 'none';

export interface History {
  /**
   * Records one sample of every room now (the timer calls it; tests call it directly); settles
   * once stored (a failure is logged, never thrown).
   */
  tick: () => Promise<void>;
  /** Records samples from elsewhere (the upstream poll in proxy mode) in one transaction. */
  record: (samples: readonly RoomSample[]) => Promise<void>;
  /** Packs whole hours and prunes beyond the windows, in bounded transactions; resolves when done. */
  maintain: () => Promise<void>;
  /**
   * Starts the simulation's backfill when it is due (simulation, HISTORY_BACKFILL_DAYS > 0, an
   * empty history, or one left half done by a restart). Resolves when it is finished for a
   * small building; a big one continues in the background (see `backfillDone`).
   */
  startBackfill: () => Promise<void>;
  backfillStatus: () => BackfillStatus;
  /** Resolves once no backfill is running. */
  backfillDone: () => Promise<void>;
  /**
   * A room's history in [from, to] (epoch ms): raw inside the raw window, else (or when `means`
   * is asked for) 15-minute means.
   */
  query: (
    roomId: number,
    from: number,
    to: number,
    means?: boolean,
  ) => Promise<{ stepSeconds: number; samples: HistorySample[] }>;
  /** Whether a room exists: in the building; in proxy mode, at the device or in the history. */
  hasRoom: (roomId: number) => Promise<boolean>;
  /**
   * The time (epoch ms) of the newest sample recorded, or null when none is stored: kept in
   * memory from each recording, read once from the store at the start (the metrics' sampler
   * lag, which a scrape reads without a database round trip).
   */
  lastSampleAt: () => number | null;
  /** The store itself, for the benchmark. */
  store: HistoryRepository;
  /** Stops the building's timers and waits for what runs (the server closing, a removal). */
  close: () => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** A building's temperature history: its recording, maintenance, backfill and reads. */
    historyOf: (house: House) => History;
  }
}

/** A building up to this many rooms is backfilled before the server answers (the demo has 7). */
const FOREGROUND_ROOMS = 100;
/**
 * Rooms per transaction of the background work: each batch stays within a few milliseconds
 * (a batch's packing is four statements; its pruning three a room).
 */
const PACK_BATCH = 20;
/** The settings key of a building's backfill progress (`done` once finished). */
const backfillKey = (houseId: number) => `history.backfill.${houseId}`;
/** How far ahead PostgreSQL's monthly history partitions are made. */
const MONTH_AHEAD_MS = 32 * DAY_MS;
const startOfHour = (time: number) => time - (time % HOUR_MS);
/** A number from the device, or null: a device that sends something else records nothing. */
const finite = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

interface BackfillProgress {
  from: number;
  to: number;
  /** The last room id done; rooms are filled in id order. */
  after: number;
}

/**
 * The temperature history's service (issue 14): every HISTORY_INTERVAL_SECONDS one sample of
 * every room in one transaction, the packing of whole hours with their 15-minute means and the
 * pruning in the background in bounded transactions, the simulation's backfill, and the reads of
 * routes.ts. A failed recording (disk full, a lock) is logged and skipped: it runs in its
 * own transaction, never in the group commit of the users' writes.
 */
export default fp<{ recordTimer: boolean; simulation: boolean; backfill?: boolean }>(
  async (app, options) => {
    if (app.engine === 'postgres') {
      // The months the kept history and the next month fall in (a backfill writes into them).
      const now = app.clock.now();
      await ensureMonths(
        app.sql,
        (now - app.config.historyDays * DAY_MS) / 1000,
        (now + MONTH_AHEAD_MS) / 1000,
      );
    }
    const samplers = new Map<number, History>();
    app.houses.each((house) => {
      const sampler = createSampler(app, house, options);
      samplers.set(house.id, sampler.history);
      return async () => {
        samplers.delete(house.id);
        await sampler.close();
      };
    });
    app.decorate('historyOf', (house: House) => samplers.get(house.id)!);
    app.addHook('preClose', async () => {
      await Promise.all([...samplers.values()].map((history) => history.close()));
    });
  },
  { name: 'sampler', dependencies: ['database', 'clock', 'background', 'building'] },
);

/**
 * One building's history service. The server's own building follows the server's mode
 * (`simulation`: simulated, or fed by a device); another building is simulated unless it names
 * a device or a base topic.
 */
function createSampler(
  app: FastifyInstance,
  house: House,
  options: { recordTimer: boolean; simulation: boolean; backfill?: boolean },
) {
  const own = house.id === app.config.houseId;
  const simulated = app.deviceOf(house).kind === 'simulation';
  const simulation = own ? options.simulation : simulated;
  const backfill = own ? (options.backfill ?? options.simulation) : simulated;
  const recordTimer = own ? options.recordTimer : simulated;
  {
    const config = app.config;
    const store = createHistoryRepository(app.sql, app.engine, house.id);
    const intervalMs = config.historyIntervalSeconds * 1000;
    const timers = new Set<NodeJS.Timeout>();
    let closed = false;

    // Proxy mode: the rooms of the device's last polled answer.
    let polledRooms = new Set<number>();
    let lastSampleAt: number | null = null;
    // Read once at the start, in the background: until then the metrics see no sample yet.
    const initial = store
      .latestRecent()
      .then((latest) => {
        if (lastSampleAt === null || (latest !== null && latest > lastSampleAt)) {
          lastSampleAt = latest;
        }
      })
      .catch(() => undefined);
    // The recordings under way, which closing waits for.
    const recordings = new Set<Promise<void>>();
    const recordNow = async (samples: readonly RoomSample[]) => {
      if (!simulation) polledRooms = new Set(samples.map((sample) => sample.roomId));
      try {
        await store.record(samples);
        for (const sample of samples) {
          if (lastSampleAt === null || sample.time > lastSampleAt) lastSampleAt = sample.time;
        }
      } catch (error) {
        app.log.error({ err: error }, 'recording the history failed; this sample is lost');
      }
      // Packing and pruning start in a later turn: the tick itself is only the recording.
      setImmediate(() => {
        if (!closed) void maintain();
      });
    };
    const record = (samples: readonly RoomSample[]): Promise<void> => {
      const recording = recordNow(samples).finally(() => recordings.delete(recording));
      recordings.add(recording);
      return recording;
    };

    const tick = async () => {
      const context = contextNow(app);
      const time = slotOf(context.now, intervalMs);
      const building = house.building;
      const scheduleOf = await building.schedules();
      const samples = (await building.listRooms()).map((room) =>
        sampleOfRoom(room, targetInForce(room, scheduleOf(room.id), context), time),
      );
      await record(samples);
    };

    // Background work: one run at a time, each batch its own transaction, a turn of the event
    // loop between batches so requests are served meanwhile.
    let packedBefore = 0;
    let prunedAt = -Infinity;
    let maintaining: Promise<void> | null = null;
    const inBatches = async (
      ids: readonly number[],
      size: number,
      work: (tx: Tx, id: number) => Promise<void>,
    ) => {
      for (let start = 0; start < ids.length && !closed; start += size) {
        await store.transaction(async (tx) => {
          for (const id of ids.slice(start, start + size)) await work(tx, id);
        });
        await nextTurn();
      }
    };
    const maintainOnce = async () => {
      const now = app.clock.now();
      const hour = now - (now % HOUR_MS);
      if (hour > packedBefore) {
        const ids = await store.roomsToPack(hour);
        for (let start = 0; start < ids.length && !closed; start += PACK_BATCH) {
          await store.transaction((tx) =>
            store.pack(tx, ids.slice(start, start + PACK_BATCH), hour),
          );
          await nextTurn();
        }
        packedBefore = hour;
      }
      if (now - prunedAt >= HOUR_MS) {
        const rawBefore = now - config.historyRawDays * DAY_MS;
        const meansBefore = now - config.historyDays * DAY_MS;
        if (app.engine === 'postgres') {
          // By month (partitions.ts): next month made ahead, whole months past the windows
          // dropped; the rows of the month a window ends in go by the prune below.
          await ensureMonths(app.sql, now / 1000, (now + MONTH_AHEAD_MS) / 1000);
          await dropMonthsBefore(app.sql, 'history_hours', rawBefore / 1000);
          await dropMonthsBefore(app.sql, 'history_quarters', meansBefore / 1000);
        }
        const ids = await store.roomIds();
        await inBatches(ids, PACK_BATCH, (tx, id) => store.prune(tx, id, rawBefore, meansBefore));
        prunedAt = now;
      }
    };
    const maintain = (): Promise<void> => {
      maintaining ??= maintainOnce()
        .catch((error: unknown) => {
          if (!closed) app.log.error({ err: error }, 'packing or pruning the history failed');
        })
        .finally(() => {
          maintaining = null;
        });
      return maintaining;
    };

    // The backfill: what the simulation would have measured, room by room, resumable.
    const readProgress = async (): Promise<BackfillProgress | 'done' | null> => {
      const raw = await app.repos.settings.get(backfillKey(house.id));
      if (raw === null) return null;
      if (raw === 'done') return 'done';
      return JSON.parse(raw) as BackfillProgress;
    };
    let status: BackfillStatus = 'none';
    const statusRead = readProgress()
      .then((progress) => {
        if (!running)
          status = progress === 'done' ? 'done' : progress === null ? 'none' : 'running';
      })
      .catch(() => undefined);
    let running: Promise<void> | null = null;

    // A room-day per transaction (~1,440 simulated minutes, about a millisecond), then a turn of
    // the event loop: requests are served between the pieces. A room counts as done (`after`)
    // once all its days are written; a restart redoes a half-done room, whose samples replace
    // the same times.
    const fill = async (progress: BackfillProgress) => {
      const building = house.building;
      const scheduleOf = await building.schedules();
      const rooms = (await building.listRooms())
        .filter((room) => room.id > progress.after)
        .sort((a, b) => a.id - b.id);
      const rawFrom = app.clock.now() - config.historyRawDays * DAY_MS;
      for (const room of rooms) {
        const backfill = createBackfill(
          room,
          scheduleOf(room.id),
          app.clock.local,
          progress.from,
          intervalMs,
        );
        let from = progress.from;
        while (from < progress.to) {
          if (closed) return;
          // Pieces end on whole hours, where the store packs them, so no hour or quarter is
          // written in two parts.
          const dayEnd = Math.min(progress.to, startOfHour(from) + DAY_MS);
          // An hour's samples at a time: a piece dies young instead of living through the
          // room-day and being promoted to the old space (decision 47); the store encodes each
          // as it comes and writes the room-day at once.
          const start = from;
          function* hours() {
            let hourEnd = start;
            while (hourEnd < dayEnd) {
              hourEnd = Math.min(dayEnd, startOfHour(hourEnd) + HOUR_MS);
              yield backfill.until(hourEnd);
            }
          }
          await store.transaction(async (tx) => {
            await store.writePieces(tx, room.id, hours(), rawFrom);
            // With the room's last day, in its transaction: a restart before redoes the room,
            // whose samples replace the same times.
            if (dayEnd >= progress.to) {
              const done = { ...progress, after: room.id };
              await app.repos.settings.set(tx, backfillKey(house.id), JSON.stringify(done));
            }
          });
          if (dayEnd >= progress.to) progress.after = room.id;
          from = dayEnd;
          await nextTurn();
        }
      }
      await app.repos.settings.set(app.sql, backfillKey(house.id), 'done');
      status = 'done';
    };

    const startBackfill = async () => {
      await statusRead;
      if (running) return;
      let progress = await readProgress();
      if (progress === 'done') return;
      if (progress === null) {
        if (!backfill || config.historyBackfillDays === 0 || !(await store.isEmpty())) return;
        const to = slotOf(app.clock.now(), intervalMs);
        progress = { from: to - config.historyBackfillDays * DAY_MS, to, after: 0 };
        await app.repos.settings.set(app.sql, backfillKey(house.id), JSON.stringify(progress));
      }
      status = 'running';
      const started = Date.now();
      running = fill(progress)
        .then(() => {
          if (status === 'done') {
            app.log.info({ ms: Date.now() - started }, 'history backfill done');
          }
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'the history backfill failed; it resumes on restart');
        })
        .finally(() => {
          running = null;
        });
      if (house.building.listRooms().length <= FOREGROUND_ROOMS) await running;
    };

    const query = async (roomId: number, from: number, to: number, means = false) => {
      const now = app.clock.now();
      if (!means && resolutionFor(from, now, config.historyRawDays) === 'raw') {
        return {
          stepSeconds: config.historyIntervalSeconds,
          samples: await store.raw(roomId, from, to),
        };
      }
      return { stepSeconds: QUARTER_SECONDS, samples: await store.quarters(roomId, from, to) };
    };

    const history: History = {
      tick,
      record,
      maintain,
      startBackfill,
      backfillStatus: () => status,
      backfillDone: async () => {
        await running;
      },
      query,
      // Proxy mode: a room the device listed at the last poll, or one with history (after a
      // restart, before the first poll).
      hasRoom: async (roomId) =>
        simulation
          ? house.building.findRoom(roomId) !== null
          : polledRooms.has(roomId) || (await store.hasHistory(roomId)),
      lastSampleAt: () => lastSampleAt,
      store,
      async close() {
        closed = true;
        for (const handle of timers) clearTimeout(handle);
        // A recording ending now starts no packing (closed).
        await Promise.all([initial, statusRead, running, maintaining, ...recordings]);
      },
    };

    // Proxy mode (a building in front of a Controme server): each poll of its device's temps
    // and outs is one tick.
    if (app.deviceOf(house).kind === 'proxy') {
      app.upstreamOf(house).subscribe((rooms, at) => {
        const time = slotOf(at, intervalMs);
        void record(
          rooms.map((room) => ({
            roomId: room.id,
            time,
            temperature: finite(room.temperatur),
            target: finite(room.solltemperatur),
            humidity: finite(room.luftfeuchte) === null ? null : Math.round(room.luftfeuchte!),
            valve: room.valve,
          })),
        );
      });
    }

    // The recording timer fires at each interval's start of app.clock (08:00:00, 08:01:00 …).
    const schedule = () => {
      if (closed) return;
      const now = app.clock.now();
      const handle = setTimeout(
        () => {
          timers.delete(handle);
          tick().catch((error: unknown) => {
            app.log.error({ err: error }, 'recording the history failed');
          });
          schedule();
        },
        intervalMs - (now % intervalMs) || intervalMs,
      );
      handle.unref();
      timers.add(handle);
    };
    // Background work of the building (platform/background): the recording (and with it the
    // packing, partitions and pruning that follow each recording) runs only on the node that
    // holds the building's lease. In proxy mode the leased device poll records.
    const removeWork = recordTimer
      ? app.background.add(house.id, {
          name: 'history',
          start: schedule,
          async stop() {
            for (const handle of timers) clearTimeout(handle);
            timers.clear();
            await Promise.all([maintaining, ...recordings]);
          },
        })
      : async () => undefined;
    return {
      history,
      async close() {
        await removeWork();
        await history.close();
      },
    };
  }
}
