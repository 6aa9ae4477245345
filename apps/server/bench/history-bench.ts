// `npm run bench:history -w apps/server`: the temperature history's budgets (issue 14) on the
// generated 1,000-room building with 30 days of history written straight into the store (the
// last HISTORY_RAW_DAYS raw, the rest as 15-minute means, as the server keeps them):
//   - a 30-day history query for one room over HTTP: p99 < 50 ms (15-minute means, 2,880 samples)
//   - a 24 h raw query: p99 < 20 ms (1,440 samples)
//   - one recording tick for 1,000 rooms: < 20 ms, one transaction
//   - disk per room and day of raw history: ≤ 48 KB. Measured where the server writes it the
//     way it runs: 100 rooms recorded tick by tick for 3 days and packed hour by hour (the
//     B-tree pages then split around each room's end, which a bulk write would not show), as
//     SQLite's dbstat counts the pages of the raw tables.
// The server runs as deployed (the built dist, its own process, SIM_SPEED=0) on that database; the
// bench waits until GET /api/history/status says no backfill runs before it measures anything.
// The queries run as the server bench's load does (issue 19): the server pinned to one core and
// this process to the other, a warm-up discarded, then ROUNDS rounds (the two kinds taking turns);
// each p99 is the median of the rounds' p99s with its spread, and UNSTABLE when the rounds lie
// on both sides of the budget.
// Settings: BENCH_HISTORY_QUERIES (default 200 per query kind and round), BENCH_ROUNDS (default
// 5), BENCH_NO_PIN, BENCH_JSON=file for the verdicts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { sqliteSql } from '../src/platform/database/sql.js';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/database/open.js';
import { createHistoryRepository } from '../src/modules/history/repository.js';
import { importSeed } from '../src/modules/building/seed-import.js';
import { DAY_MS, HOUR_MS, QUARTER_MS, type HistorySample } from '../src/modules/history/rules.js';
import { generateBuilding, benchUser } from '../src/test-support/generate-building.js';
import { sampleAt } from './history-samples.js';
import { fmt, pinning, printVerdicts, type Verdict } from './server-bench.js';
import { startChildServer } from '../src/test-support/spawn-server.js';
import { percentile, samplesIn, sequentialGets } from './timed-requests.js';
import { judge, median, spread } from './verdicts.js';
import { sqliteStore } from '../src/platform/database/store.js';

export const historyBudgets = { days30P99Ms: 50, rawP99Ms: 20, tickMs: 20, kbPerRoomDay: 48 };

const QUERIES = Math.max(20, Number(process.env.BENCH_HISTORY_QUERIES ?? 200));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const DAYS = 30;
const RAW_DAYS = 14;
const ROOMS = 1000;
const MINUTE = 60_000;

/** 30 days of one room: 1-minute samples for the raw window, 15-minute ones before it. */
function roomHistory(roomId: number, now: number): HistorySample[] {
  const samples: HistorySample[] = [];
  const rawFrom = now - RAW_DAYS * DAY_MS;
  let time = Math.floor((now - DAYS * DAY_MS) / QUARTER_MS) * QUARTER_MS;
  for (; time < rawFrom; time += QUARTER_MS) samples.push(sampleAt(roomId, time));
  for (time = Math.floor(time / MINUTE) * MINUTE; time < now; time += MINUTE) {
    samples.push(sampleAt(roomId, time));
  }
  return samples;
}

/** Bytes of the raw tables' pages (dbstat). */
const rawTableBytes = (db: Database.Database) =>
  (
    db
      .prepare(
        "SELECT sum(pgsize) AS bytes FROM dbstat WHERE name IN ('history_hours', 'history_recent')",
      )
      .get() as { bytes: number | null }
  ).bytes ?? 0;

/** Disk per room and day of raw history, written tick by tick and packed as the server does. */
async function measureDisk(): Promise<{ kbPerRoomDay: number; rooms: number; days: number }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-history-disk-'));
  try {
    const rooms = 100;
    const days = 3;
    const db = openDatabase(path.join(dir, 'raumregler.sqlite'));
    db.pragma('synchronous = OFF'); // only the layout is measured here, not the syncs
    const store = createHistoryRepository(sqliteSql(db), 'sqlite', 1);
    const start = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - days * DAY_MS;
    for (let time = start; time < start + days * DAY_MS; time += MINUTE) {
      const tick = [];
      for (let id = 1; id <= rooms; id++) tick.push({ roomId: id, ...sampleAt(id, time) });
      await store.record(tick);
      if ((time + MINUTE) % HOUR_MS === 0) {
        const before = time + MINUTE;
        const ids = await store.roomsToPack(before);
        await store.transaction((tx) => store.pack(tx, ids, before));
      }
    }
    const bytes = rawTableBytes(db);
    db.close();
    return { kbPerRoomDay: bytes / 1024 / rooms / days, rooms, days };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One recording tick of the whole building, in process, on the bench database. */
async function measureTicks(file: string, now: number) {
  const db = openDatabase(file);
  // Transactions counted as the statements that begin one (the query builder prepares each).
  let transactions = 0;
  const prepare = db.prepare.bind(db);
  db.prepare = ((source: string) => {
    if (/^\s*begin\b/i.test(source)) transactions++;
    return prepare(source);
  }) as typeof db.prepare;
  let clock = now;
  const config = {
    ...loadConfig({}),
    databaseFile: file,
    webDist: null,
    simSpeed: 0,
    logLevel: 'warn',
  };
  const app = await buildApp({ config, store: sqliteStore(db), logger: false, now: () => clock });
  await app.ready();
  const durations: number[] = [];
  const perTick: number[] = [];
  // Two ticks first, unmeasured: a running server has its tick compiled long before.
  for (let i = 0; i < 22; i++) {
    clock += MINUTE;
    transactions = 0;
    const started = performance.now();
    await app.historyOf(app.houses.own()).tick();
    if (i >= 2) durations.push(performance.now() - started);
    perTick.push(transactions);
    // The packing and pruning the tick started run in the background, between ticks.
    await app.historyOf(app.houses.own()).maintain();
  }
  const recorded = db
    .prepare('SELECT count(*) AS n FROM history_recent WHERE time = ?')
    .get(Math.floor((clock - (clock % MINUTE)) / 1000)) as { n: number };
  await app.close();
  return {
    maxMs: Math.max(...durations),
    medianMs: percentile(
      [...durations].sort((a, b) => a - b),
      50,
    ),
    transactions: Math.max(...perTick),
    rooms: recorded.n,
  };
}

/**
 * Times each query from its request until the answer's last byte (node's HTTP client, one
 * keep-alive connection): the server's latency over HTTP. Parsing the answer is not timed; the
 * first answer of each round is parsed to count its samples (parsing 1,440 samples in the
 * client, and that client's garbage collections, had been part of the p99 before).
 */
async function timeQueries(origin: string, paths: string[]) {
  const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
  const { durations, failures, first } = await sequentialGets([origin], paths, { authorization });
  return {
    p99Ms: percentile(durations, 99),
    p50Ms: percentile(durations, 50),
    samples: samplesIn(first),
    failures,
  };
}

type QueryRound = Awaited<ReturnType<typeof timeQueries>>;

/** The rounds of one query kind: p99 with its spread, the median p50, failures and samples. */
function ofRounds(rounds: QueryRound[]) {
  return {
    p99Ms: spread(rounds.map((round) => round.p99Ms)),
    p50Ms: median(rounds.map((round) => round.p50Ms)),
    failures: rounds.reduce((sum, round) => sum + round.failures, 0),
    samples: Math.min(...rounds.map((round) => round.samples)),
  };
}

/** PASS when every round's p99 is under the budget (and nothing failed or came short). */
function queryVerdict(figures: ReturnType<typeof ofRounds>, budgetMs: number, samples: number) {
  if (figures.failures > 0 || figures.samples < samples) return { pass: false, unstable: false };
  return judge(figures.p99Ms, (ms) => ms < budgetMs);
}

async function main() {
  const started = performance.now();
  console.log(
    `History bench: ${ROOMS} rooms, ${DAYS} days of history, ${QUERIES} queries per kind`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-history-bench-'));
  const file = path.join(dataDir, 'raumregler.sqlite');
  const now = Date.now();
  try {
    const db = openDatabase(file);
    await importSeed(sqliteSql(db), generateBuilding(20, 50), now);
    const store = createHistoryRepository(sqliteSql(db), 'sqlite', 1);
    const rawFrom = now - RAW_DAYS * DAY_MS;
    for (let first = 1; first <= ROOMS; first += 50) {
      await store.transaction(async (tx) => {
        for (let id = first; id < first + 50; id++) {
          await store.writeSamples(tx, id, roomHistory(id, now), rawFrom);
        }
      });
    }
    db.close();
    console.log(`  30 days written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const ticks = await measureTicks(file, now);
    const disk = await measureDisk();

    const pin = pinning();
    const server = await startChildServer({
      dataDir,
      env: { HISTORY_BACKFILL_DAYS: '7' },
      cpus: pin?.server,
    });
    try {
      const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
      // Nothing is measured while a backfill runs (none should here: the history is not empty).
      for (;;) {
        const status = (await (
          await fetch(`${server.origin}/api/history/status`, { headers: { authorization } })
        ).json()) as { backfill: string };
        if (status.backfill !== 'running') break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
      const roomIds = Array.from({ length: QUERIES }, (_, i) => ((i * 379) % ROOMS) + 1);
      const month = roomIds.map(
        (id) => `/api/history/${id}/?from=${iso(now - DAYS * DAY_MS)}&to=${iso(now)}`,
      );
      const day = roomIds.map((id) => `/api/history/${id}/`);
      await timeQueries(server.origin, [...month.slice(0, 10), ...day.slice(0, 10)]); // warm-up
      const days30Rounds = [];
      const rawRounds = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        days30Rounds.push(await timeQueries(server.origin, month));
        rawRounds.push(await timeQueries(server.origin, day));
      }
      const days30 = ofRounds(days30Rounds);
      const raw = ofRounds(rawRounds);
      const pinned = pin
        ? `server on CPU ${pin.server}, client on CPU ${pin.load}`
        : 'NOT pinned (BENCH_NO_PIN, one core or no taskset)';
      console.log(`  queries: ${ROUNDS} rounds of ${QUERIES} per kind, ${pinned}`);

      const verdicts: Verdict[] = [
        {
          figure: `30-day history of one room over HTTP, p99 (${days30.samples} 15-minute means; p50 ${days30.p50Ms.toFixed(1)} ms; ${days30.failures} failed), median of ${ROUNDS} rounds`,
          value: fmt(days30.p99Ms, 1, ' ms'),
          budget: `< ${historyBudgets.days30P99Ms} ms`,
          ...queryVerdict(days30, historyBudgets.days30P99Ms, 2880),
        },
        {
          figure: `24 h raw history of one room over HTTP, p99 (${raw.samples} samples; p50 ${raw.p50Ms.toFixed(1)} ms; ${raw.failures} failed), median of ${ROUNDS} rounds`,
          value: fmt(raw.p99Ms, 1, ' ms'),
          budget: `< ${historyBudgets.rawP99Ms} ms`,
          ...queryVerdict(raw, historyBudgets.rawP99Ms, 1440),
        },
        {
          figure: `one recording tick of ${ticks.rooms} rooms, slowest of 20 (median ${ticks.medianMs.toFixed(1)} ms; ${ticks.transactions} transaction)`,
          value: `${ticks.maxMs.toFixed(1)} ms`,
          budget: `< ${historyBudgets.tickMs} ms, one transaction`,
          pass:
            ticks.maxMs < historyBudgets.tickMs &&
            ticks.transactions === 1 &&
            ticks.rooms === ROOMS,
        },
        {
          figure: `disk per room and day of raw history (${disk.rooms} rooms recorded tick by tick for ${disk.days} days, packed hourly)`,
          value: `${disk.kbPerRoomDay.toFixed(1)} KB`,
          budget: `≤ ${historyBudgets.kbPerRoomDay} KB`,
          pass: disk.kbPerRoomDay <= historyBudgets.kbPerRoomDay,
        },
      ];
      printVerdicts('Temperature history (issue 14)', verdicts);
      console.log(`  (bench ran ${((performance.now() - started) / 1000).toFixed(1)} s)`);
      if (process.env.BENCH_JSON) {
        writeFileSync(process.env.BENCH_JSON, JSON.stringify({ verdicts }, null, 2));
      }
      process.exitCode = verdicts.every((v) => v.pass !== false) ? 0 : 1;
    } finally {
      await server.stop({ keepData: true });
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
