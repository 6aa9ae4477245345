// `npm run bench:buildings -w apps/server`: many buildings (issue 37). 100 buildings × 100 rooms
// (10,000 rooms) served by two nodes on one PostgreSQL, against one SQLite node holding the same
// 10,000 rooms as 100 buildings in one file (the same seeds). Printed side by side:
//   - polled reads, `GET /get/json/v1/{house}/temps/` of a random house (a user with access in
//     all 100), at full load (BENCH_CONNECTIONS, split over both PG nodes) and at a fixed polling
//     rate (BENCH_POLL_RATE requests per second from BENCH_POLL_CONNECTIONS connections, timed
//     from when each request was due): req/s and p99;
//   - writes, `POST /set/json/v1/{house}/ziel/{room}/` (form user/password/ziel/duration, as
//     third-party tools send them) of a random room of a random house at full load
//     (BENCH_WRITE_CONNECTIONS): writes/s and p99, each acknowledged write a durable commit;
//   - a 30-day history query, `GET /api/history/{room}/?house=h&from=…&to=…&step=900` (2,880
//     15-minute means), one at a time on a keep-alive connection, alternating between the PG
//     nodes: p99. History is written straight into both databases for the first
//     BENCH_HISTORY_HOUSES buildings (default 10: 1,000 rooms × 30 days of 15-minute means; all
//     100 would take longer to write than the rest of the bench takes to run).
// The figures are for information (INFO lines): there is no budget here, since the nodes, the
// PostgreSQL server and the load generator share this machine's cores, so the figures say what
// the PostgreSQL path costs per request beside SQLite, not what more machines would carry
// (docs/scaling.md). The CPU time per request of the nodes and of PostgreSQL (all its processes,
// Linux /proc) is printed too: a shared machine moves it less than latency. Each figure is the
// median of BENCH_ROUNDS interleaved rounds (PG, SQLite, SQLite, PG, …) with its spread
// (min–max), after a warm-up per kind that is discarded.
// Nothing is pinned (four processes on two cores cannot be separated as server-bench.ts does).
// The servers run as deployed: the built dist (`npm run build` first), SIM_SPEED=0,
// HISTORY_BACKFILL_DAYS=0 (the history is written beforehand), LOG_LEVEL=warn.
// Settings: BENCH_ROUNDS (default 3), BENCH_DURATION seconds per run (default 5),
// BENCH_CONNECTIONS (default 50), BENCH_WRITE_CONNECTIONS (default 20), BENCH_POLL_RATE (default
// 1000), BENCH_POLL_CONNECTIONS (default 100), BENCH_HOUSES (default 100),
// BENCH_HISTORY_HOUSES (default 10), BENCH_HISTORY_QUERIES per round and engine (default 200),
// BENCH_KINDS=readsFull,readsPolled,writes,history (default all), BENCH_JSON=file for the
// figures as JSON.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql as raw } from 'kysely';
import pg from 'pg';
import { importSeed } from '../src/modules/building/seed-import.js';
import type { Seed } from '../src/modules/building/seed.js';
import { ensureMonths } from '../src/modules/history/partitions.js';
import { createHistoryRepository } from '../src/modules/history/repository.js';
import { DAY_MS, QUARTER_MS, type HistorySample } from '../src/modules/history/rules.js';
import { openDatabase } from '../src/platform/database/open.js';
import { openPostgres } from '../src/platform/database/postgres.js';
import type { Engine, Sql } from '../src/platform/database/schema.js';
import { sqliteSql } from '../src/platform/database/sql.js';
import { benchUser, generateBuilding } from '../src/test-support/generate-building.js';
import { startPostgres } from '../src/test-support/postgres.js';
import { startChildServer, type ChildServer } from '../src/test-support/spawn-server.js';
import { sampleAt } from './history-samples.js';
import { fmt } from './server-bench.js';
import { pacedGets, percentile, samplesIn, sequentialGets } from './timed-requests.js';
import { spread, type Verdict } from './verdicts.js';

const numberSetting = (name: string, fallback: number, least = 1) =>
  Math.max(least, Number(process.env[name] ?? fallback));
const ROUNDS = numberSetting('BENCH_ROUNDS', 3);
const DURATION = numberSetting('BENCH_DURATION', 5);
const CONNECTIONS = numberSetting('BENCH_CONNECTIONS', 50, 2);
const WRITE_CONNECTIONS = numberSetting('BENCH_WRITE_CONNECTIONS', 20, 2);
const POLL_RATE = numberSetting('BENCH_POLL_RATE', 1000);
const POLL_CONNECTIONS = numberSetting('BENCH_POLL_CONNECTIONS', 100, 2);
const HOUSES = numberSetting('BENCH_HOUSES', 100);
const HISTORY_HOUSES = Math.min(HOUSES, numberSetting('BENCH_HISTORY_HOUSES', 10));
const HISTORY_QUERIES = numberSetting('BENCH_HISTORY_QUERIES', 200, 20);
const FLOORS = 2;
const ROOMS_PER_FLOOR = 50;
const ROOMS = FLOORS * ROOMS_PER_FLOOR;
const DAYS = 30;
const WARMUP_SECONDS = 2;

const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
const random = (count: number) => 1 + Math.floor(Math.random() * count);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
/** House `houseId` of the bench: the generated 100-room building, the bench user a member. */
const seedOf = (houseId: number): Seed => {
  const seed = generateBuilding(FLOORS, ROOMS_PER_FLOOR);
  return { ...seed, building: { ...seed.building, name: `Bench-Haus ${houseId}`, houseId } };
};

/** 30 days of one room as 15-minute samples (the 30-day query reads the 15-minute means). */
function roomMonth(roomId: number, now: number): HistorySample[] {
  const samples: HistorySample[] = [];
  for (
    let time = Math.floor((now - DAYS * DAY_MS) / QUARTER_MS) * QUARTER_MS;
    time < now;
    time += QUARTER_MS
  ) {
    samples.push(sampleAt(roomId, time));
  }
  return samples;
}

/** The same buildings and history into one database, SQLite or PostgreSQL. */
async function fill(sql: Sql, engine: Engine, now: number) {
  for (let house = 1; house <= HOUSES; house++) await importSeed(sql, seedOf(house), now);
  if (engine === 'postgres') {
    await ensureMonths(sql, Math.floor((now - (DAYS + 1) * DAY_MS) / 1000), Math.floor(now / 1000));
  }
  for (let house = 1; house <= HISTORY_HOUSES; house++) {
    const store = createHistoryRepository(sql, engine, house);
    await store.transaction(async (tx) => {
      // rawFrom = now: only the 15-minute means are kept, as for days past HISTORY_RAW_DAYS.
      for (let room = 1; room <= ROOMS; room++) {
        await store.writeSamples(tx, room, roomMonth(room, now), now);
      }
    });
  }
}

// ---- load ----------------------------------------------------------------------------------

interface Run {
  rps: number;
  p99: number;
  failures: number;
  total: number;
  /** CPU time the side's nodes, and its PostgreSQL (all its processes), used during the run. */
  nodeCpuMs?: number;
  postgresCpuMs?: number;
  /** Failures by status (0: no answer), and the first failed answer's body. */
  failed?: Record<string, number>;
  firstFailure?: string;
}

type Make = () => { method: string; path: string; body?: string };

/**
 * Full load with autocannon, `connections` split over the origins (one autocannon each, at
 * once). req/s is their sum; p99 the worst of theirs (autocannon reports no merged histogram).
 */
async function fullLoad(
  origins: string[],
  connections: number,
  make: Make,
  duration: number,
): Promise<Run> {
  const headers: Record<string, string> = { authorization };
  let firstFailure: string | undefined;
  const results: Result[] = await Promise.all(
    origins.map((origin) =>
      autocannon({
        url: origin,
        connections: Math.max(1, Math.round(connections / origins.length)),
        duration,
        headers,
        requests: [
          {
            setupRequest: (request) => {
              const made = make();
              return {
                ...request,
                ...made,
                headers: made.body
                  ? {
                      ...request.headers,
                      'content-type': 'application/x-www-form-urlencoded',
                    }
                  : request.headers,
              };
            },
            onResponse: (status, body) => {
              if ((status < 200 || status >= 300) && firstFailure === undefined) {
                firstFailure = `${status} ${body.slice(0, 300)}`;
              }
            },
          },
        ],
      }),
    ),
  );
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    failures: results.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0),
    total: results.reduce((sum, result) => sum + result.requests.total, 0),
    failed: failedByStatus(results),
    firstFailure,
  };
}

/** Answers other than 2xx by status; "0" counts errors and timeouts (no answer). */
function failedByStatus(results: Result[]): Record<string, number> {
  const failed: Record<string, number> = {};
  for (const result of results) {
    for (const [status, { count }] of Object.entries(result.statusCodeStats)) {
      if (!status.startsWith('2')) failed[status] = (failed[status] ?? 0) + count;
    }
    const none = result.errors + result.timeouts;
    if (none > 0) failed['0'] = (failed['0'] ?? 0) + none;
  }
  return failed;
}

/**
 * A fixed rate, as a fleet's clients poll (timed-requests.ts's `pacedGets`, round-robin over the
 * origins), with a path per request.
 */
async function paced(
  origins: string[],
  make: Make,
  duration: number,
  { connections, rate }: { connections: number; rate: number },
): Promise<Run> {
  const { latencies, failures } = await pacedGets({
    origins,
    path: () => make().path,
    headers: { authorization },
    seconds: duration,
    connections,
    rate,
  });
  return {
    rps: latencies.length / duration,
    p99: percentile(latencies, 99),
    failures,
    total: latencies.length,
  };
}

/**
 * History queries one at a time (one keep-alive connection per origin, taking turns), each timed
 * from its request to the answer's last byte; the first answer's samples are counted.
 */
async function historyQueries(origins: string[], paths: string[]) {
  const { durations, failures, first } = await sequentialGets(origins, paths, { authorization });
  return {
    rps: 0,
    p99: percentile(durations, 99),
    p50: percentile(durations, 50),
    failures,
    total: durations.length,
    samples: samplesIn(first),
  };
}

/** The bench database's counters (pg_stat_database), read as the cluster's admin. */
async function postgresStats(adminUrl: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ commits: string; deadlocks: string; conflicts: string }>(
      `select xact_commit as commits, deadlocks, conflicts from pg_stat_database where datname = 'bench'`,
    );
    return rows[0] ?? { commits: '?', deadlocks: '?', conflicts: '?' };
  } finally {
    await client.end();
  }
}

/** Bytes of the 15-minute means, indexes included, in PostgreSQL (all partitions). */
async function postgresMeansBytes(sql: Sql): Promise<number> {
  const { rows } = await raw<{ bytes: string | null }>`select sum(pg_total_relation_size(relid))
    as bytes from pg_partition_tree('history_quarters')`.execute(sql);
  return Number(rows[0]?.bytes ?? 0);
}

/** Bytes of the 15-minute means, their index included, in the SQLite file (dbstat). */
function sqliteMeansBytes(db: ReturnType<typeof openDatabase>): number {
  const row = db
    .prepare(
      `SELECT sum(pgsize) AS bytes FROM dbstat WHERE name = 'history_quarters'
         OR name IN (SELECT name FROM sqlite_master WHERE tbl_name = 'history_quarters')`,
    )
    .get() as { bytes: number | null };
  return row.bytes ?? 0;
}

/** KB per room and day of the history written. */
const perRoomDay = (bytes: number) =>
  `${(bytes / 1024 / (HISTORY_HOUSES * ROOMS * DAYS)).toFixed(1)} KB`;

/**
 * CPU time (ms) used so far by processes: user and system time, with their reaped children's
 * (a PostgreSQL backend that ended counts in its postmaster's). Linux /proc, 100 ticks a second.
 */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // After "pid (comm) ": state, ppid, …; utime, stime, cutime, cstime are fields 14–17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index] ?? 0), 0);
    } catch {
      // The process ended meanwhile: its time is in its parent's children's time.
    }
  }
  return ticks * 10;
}

/** The cluster's processes: its postmaster (the `postgres` run with port=PORT) and its children. */
function postgresPids(port: number): number[] {
  const processes = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      try {
        const comm = readFileSync(`/proc/${name}/comm`, 'utf8').trim();
        if (comm !== 'postgres') return [];
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8');
        return [{ pid: Number(name), ppid, cmdline }];
      } catch {
        return [];
      }
    });
  const postmaster = processes.find((p) => p.cmdline.includes(`port=${port}\0`));
  if (!postmaster) return [];
  return [postmaster.pid, ...processes.filter((p) => p.ppid === postmaster.pid).map((p) => p.pid)];
}

/** A logged error line in short: its message, PostgreSQL's detail, and our frames of its stack. */
function errorSummary(line: string): string {
  try {
    const { msg, err } = JSON.parse(line) as {
      msg?: string;
      err?: { message?: string; detail?: string; where?: string; stack?: string };
    };
    const ours = (err?.stack ?? '')
      .split('\n')
      .filter((frame) => frame.includes('/apps/server/dist/'))
      .slice(0, 4)
      .map((frame) =>
        frame
          .trim()
          .replace(/^at /, '')
          .replace(/file:\/\/\S*\/apps\/server\//, ''),
      );
    return [err?.message ?? msg, err?.detail, err?.where, ours.join(' < ')]
      .filter(Boolean)
      .join(' | ')
      .replaceAll('\n', ' ');
  } catch {
    return line.slice(0, 600);
  }
}

// ---- the bench -----------------------------------------------------------------------------

const readPath: Make = () => ({ method: 'GET', path: `/get/json/v1/${random(HOUSES)}/temps/` });
const writePath: Make = () => ({
  method: 'POST',
  path: `/set/json/v1/${random(HOUSES)}/ziel/${random(ROOMS)}/`,
  body: new URLSearchParams({
    user: benchUser.username,
    password: benchUser.password,
    ziel: String(18 + random(12) / 2),
    duration: '60',
  }).toString(),
});

/** Waits until a node answers the last house's temps (it has read every building). */
async function servesAll(origin: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${origin}/get/json/v1/${HOUSES}/temps/`, {
      headers: { authorization },
    }).catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > until) throw new Error(`${origin} does not serve house ${HOUSES} after 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

interface Side {
  name: string;
  /** Whether the side's database is the PostgreSQL cluster (its CPU time is measured). */
  postgres: boolean;
  origins: string[];
  nodes: ChildServer[];
}

interface Figures {
  readsFull: Run[];
  readsPolled: Run[];
  writes: Run[];
  history: (Run & { p50: number; samples: number })[];
}

const rpsOf = (runs: Run[]) => spread(runs.map((run) => run.rps));
const p99Of = (runs: Run[]) => spread(runs.map((run) => run.p99));
const failuresOf = (runs: Run[]) => runs.reduce((sum, run) => sum + run.failures, 0);
const totalOf = (runs: Run[]) => runs.reduce((sum, run) => sum + run.total, 0);

async function main() {
  const began = performance.now();
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  console.log(
    `Buildings bench (issue 37): ${HOUSES} buildings × ${ROOMS} rooms, two PostgreSQL nodes | one SQLite node; ` +
      `${ROUNDS} interleaved rounds of ${DURATION} s per run; ${availableParallelism()} cores ` +
      `(${cpus()[0]?.model ?? 'unknown CPU'}), load average ${load()} at the start, Node ${process.version}; nothing pinned`,
  );
  const now = Date.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-buildings-bench-'));
  const cluster = await startPostgres();
  const sides: Side[] = [];
  try {
    const meansBytes = { postgres: 0, sqlite: 0 };
    let step = performance.now();
    const pgUrl = await cluster.migratedDatabase('bench');
    const pg = await openPostgres(pgUrl);
    try {
      await fill(pg.sql, 'postgres', now);
      meansBytes.postgres = await postgresMeansBytes(pg.sql);
    } finally {
      await pg.close();
    }
    console.log(
      `  PostgreSQL filled in ${seconds(step)} (${HOUSES} buildings, ${HISTORY_HOUSES * ROOMS} rooms × ${DAYS} days of 15-minute means)`,
    );
    step = performance.now();
    const db = openDatabase(path.join(dataDir, 'raumregler.sqlite'));
    try {
      await fill(sqliteSql(db), 'sqlite', now);
      meansBytes.sqlite = sqliteMeansBytes(db);
    } finally {
      db.close();
    }
    console.log(`  SQLite filled in ${seconds(step)}`);

    const env = {
      SIM_SPEED: '0',
      HISTORY_BACKFILL_DAYS: '0',
      TOKEN_SECRET: 'buildings-bench-token-secret-of-32-characters',
    };
    const pgNodes = [
      await startChildServer({ env: { ...env, DATABASE_URL: pgUrl } }),
      await startChildServer({ env: { ...env, DATABASE_URL: pgUrl } }),
    ];
    sides.push({
      name: 'two PG nodes',
      postgres: true,
      origins: pgNodes.map((n) => n.origin),
      nodes: pgNodes,
    });
    const sqliteNode = await startChildServer({ dataDir, env: { ...env, DATABASE_URL: '' } });
    sides.push({
      name: 'one SQLite node',
      postgres: false,
      origins: [sqliteNode.origin],
      nodes: [sqliteNode],
    });
    for (const side of sides) for (const origin of side.origins) await servesAll(origin);

    const figures = new Map<string, Figures>(
      sides.map((side) => [side.name, { readsFull: [], readsPolled: [], writes: [], history: [] }]),
    );
    const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
    const historyPaths = Array.from({ length: HISTORY_QUERIES }, (_, i) => {
      const house = (i % HISTORY_HOUSES) + 1;
      const room = ((i * 37) % ROOMS) + 1;
      return `/api/history/${room}/?house=${house}&from=${iso(now - DAYS * DAY_MS)}&to=${iso(now)}&step=900`;
    });
    const kinds: [
      keyof Figures,
      (side: Side, seconds: number) => Promise<Figures[keyof Figures][number]>,
    ][] = [
      ['readsFull', (side, s) => fullLoad(side.origins, CONNECTIONS, readPath, s)],
      [
        'readsPolled',
        (side, s) =>
          paced(side.origins, readPath, s, { connections: POLL_CONNECTIONS, rate: POLL_RATE }),
      ],
      ['writes', (side, s) => fullLoad(side.origins, WRITE_CONNECTIONS, writePath, s)],
      [
        'history',
        (side, s) =>
          historyQueries(
            side.origins,
            s === WARMUP_SECONDS ? historyPaths.slice(0, 20) : historyPaths,
          ),
      ],
    ];
    step = performance.now();
    const only = process.env.BENCH_KINDS?.split(',');
    for (const [kind, measure] of kinds) {
      if (only && !only.includes(kind)) continue;
      for (const side of sides) await measure(side, WARMUP_SECONDS); // warm-up, discarded
      for (let round = 0; round < ROUNDS; round++) {
        const order = round % 2 === 0 ? sides : [...sides].reverse();
        for (const side of order) {
          const pids = side.nodes.map((node) => node.pid);
          const postgres = side.postgres ? postgresPids(cluster.port) : [];
          const before = { node: cpuMs(pids), postgres: cpuMs(postgres) };
          const run = await measure(side, DURATION);
          run.nodeCpuMs = cpuMs(pids) - before.node;
          // The cluster's processes again: backends started meanwhile count too.
          if (side.postgres)
            run.postgresCpuMs = cpuMs(postgresPids(cluster.port)) - before.postgres;
          (figures.get(side.name)![kind] as unknown[]).push(run);
        }
      }
    }
    console.log(`  measured in ${seconds(step)}; load average ${load()} at the end`);

    const rss = sides.map((side) =>
      side.nodes.map((node) => `${node.rssMb().toFixed(0)}`).join(' + '),
    );
    const at = (side: Side) => figures.get(side.name)!;
    const [pgSide, sqliteSide] = sides as [Side, Side];
    const failed = (runs: Run[]) => {
      const byStatus: Record<string, number> = {};
      for (const run of runs) {
        for (const [status, count] of Object.entries(run.failed ?? {})) {
          byStatus[status] = (byStatus[status] ?? 0) + count;
        }
      }
      const statuses = Object.entries(byStatus)
        .map(([status, count]) => `${count}× ${status === '0' ? 'no answer' : status}`)
        .join(', ');
      return `${failuresOf(runs)} of ${totalOf(runs)}${statuses ? ` (${statuses})` : ''}`;
    };
    /** CPU ms per request, median of the rounds (min–max); "–" where nothing was measured. */
    const perRequest = (runs: Run[], of: (run: Run) => number | undefined) => {
      const values = runs.flatMap((run) => {
        const ms = of(run);
        return ms === undefined || run.total === 0 ? [] : [ms / run.total];
      });
      return values.length === 0 ? '–' : fmt(spread(values), 3, ' ms');
    };
    const means = at(pgSide).history[0]?.samples ?? 0;
    const reads = `polled reads, full load (${CONNECTIONS} conn.)`;
    const polled = `polled reads at ${POLL_RATE} req/s (${POLL_CONNECTIONS} conn.)`;
    const writes = `writes, full load (${WRITE_CONNECTIONS} conn.)`;
    const history = `30-day history of one room (${means} means, one query at a time)`;
    // [what, its short label in the table, the kind it is of, its value on one side]
    const all: [string, string, keyof Figures | null, (f: Figures, side: number) => string][] = [
      [`${reads}, req/s`, `${reads}, req/s`, 'readsFull', (f) => fmt(rpsOf(f.readsFull), 0)],
      [`${reads}, p99`, '  p99', 'readsFull', (f) => fmt(p99Of(f.readsFull), 0, ' ms')],
      [`${reads}, failed`, '  failed', 'readsFull', (f) => failed(f.readsFull)],
      [
        `${polled}, p99`,
        `${polled}, p99`,
        'readsPolled',
        (f) => fmt(p99Of(f.readsPolled), 1, ' ms'),
      ],
      [`${polled}, failed`, '  failed', 'readsPolled', (f) => failed(f.readsPolled)],
      [`${writes}, writes/s`, `${writes}, writes/s`, 'writes', (f) => fmt(rpsOf(f.writes), 0)],
      [`${writes}, p99`, '  p99', 'writes', (f) => fmt(p99Of(f.writes), 0, ' ms')],
      [`${writes}, failed`, '  failed', 'writes', (f) => failed(f.writes)],
      [`${history}, p99`, `${history}, p99`, 'history', (f) => fmt(p99Of(f.history), 1, ' ms')],
      [
        `${history}, p50`,
        '  p50',
        'history',
        (f) => fmt(spread(f.history.map((run) => run.p50)), 1, ' ms'),
      ],
      [`${history}, failed`, '  failed', 'history', (f) => failed(f.history)],
      ...(['readsFull', 'writes', 'history'] as const).flatMap(
        (kind): [string, string, keyof Figures, (f: Figures) => string][] => [
          [
            `CPU per ${kind === 'readsFull' ? 'read' : kind === 'writes' ? 'write' : 'history query'}, node(s)`,
            `CPU per ${kind === 'readsFull' ? 'read' : kind === 'writes' ? 'write' : 'history query'}, node(s)`,
            kind,
            (f) => perRequest(f[kind], (run) => run.nodeCpuMs),
          ],
          [
            `CPU per ${kind === 'readsFull' ? 'read' : kind === 'writes' ? 'write' : 'history query'}, PostgreSQL`,
            '  PostgreSQL',
            kind,
            (f) => perRequest(f[kind], (run) => run.postgresCpuMs),
          ],
        ],
      ),
      ['RSS after the load, MB', 'RSS after the load, MB', null, (_f, side) => rss[side]!],
    ];
    // A kind left out (BENCH_KINDS) has no rows.
    const rows = all
      .filter(([, , kind]) => kind === null || at(pgSide)[kind].length > 0)
      .map(([what, label, , value]) => [what, label, value] as const);
    const table = [
      ['', pgSide.name, sqliteSide.name],
      ...rows.map(([, label, value]) => [label, value(at(pgSide), 0), value(at(sqliteSide), 1)]),
    ];
    const widths = [0, 1, 2].map((column) =>
      Math.max(...table.map((line) => line[column]!.length)),
    );
    console.log(
      `\nSide by side (median of ${ROUNDS} rounds, min–max in brackets; full-load p99 of two nodes: the worse node's)`,
    );
    for (const line of table) {
      console.log(`  ${line.map((cell, column) => cell.padEnd(widths[column]!)).join('  |  ')}`);
    }
    const verdicts: Verdict[] = rows.flatMap(([what, , value]) =>
      [pgSide, sqliteSide].map((side, index) => ({
        figure: `${HOUSES} buildings on ${side.name}, ${what}`,
        value: value(at(side), index),
        budget: 'none',
        pass: null,
      })),
    );
    for (const side of sides) {
      for (const [kind, runs] of Object.entries(at(side))) {
        const first = (runs as Run[]).find((run) => run.firstFailure)?.firstFailure;
        if (first) console.log(`  first failed answer, ${kind} on ${side.name}: ${first}`);
      }
    }
    // What the servers logged as errors, and what PostgreSQL counted: a failure's cause.
    for (const side of sides) {
      for (const node of side.nodes) {
        const errors = node
          .output()
          .split('\n')
          .filter((line) => /"level":(50|60)/.test(line));
        if (errors.length > 0) {
          console.log(
            `  ${side.name}, ${node.origin}: ${errors.length} error lines logged, the first: ${errorSummary(errors[0]!)}`,
          );
        }
      }
    }
    console.log(
      `  15-minute means on disk, indexes included, per room and day: PostgreSQL ${perRoomDay(meansBytes.postgres)}, SQLite ${perRoomDay(meansBytes.sqlite)}`,
    );
    const stats = await postgresStats(cluster.adminUrl);
    console.log(
      `  PostgreSQL: ${stats.commits} commits, ${stats.deadlocks} deadlocks detected, ${stats.conflicts} conflicts`,
    );
    console.log('');
    for (const v of verdicts) console.log(`  INFO     ${v.figure}: ${v.value} (budget none)`);
    console.log(`\nBuildings bench took ${seconds(began)}`);
    if (process.env.BENCH_JSON) {
      writeFileSync(
        process.env.BENCH_JSON,
        JSON.stringify({ figures: Object.fromEntries(figures), verdicts }, null, 2),
      );
    }
  } finally {
    for (const side of sides) for (const node of side.nodes) await node.stop({ keepData: true });
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
    for (const side of sides) {
      for (const node of side.nodes) {
        if (node.dataDir !== dataDir) rmSync(node.dataDir, { recursive: true, force: true });
      }
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
