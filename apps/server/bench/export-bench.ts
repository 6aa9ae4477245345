// `npm run bench:export -w apps/server`: the building export (issue 32, 5) on the generated
// 1,000-room building, the server as deployed (the built dist, its own process, SIM_SPEED=0):
//   - `GET /api/history/export.csv` of all 1,000 rooms × 30 days at `1h` (720,000 rows), timed
//     from the request to the answer's last byte, with the server's peak RSS while it streams;
//   - the same building with 400 days of history (the server's HISTORY_DAYS) on a server whose
//     heap is capped (old space HEAP_MB, semi-spaces SEMI_MB): 30 days at `1h` as the reference, then all 400 days at `1h`
//     and `15m` (9.6 and 38.4 million rows, 0.5 and 2.1 GB): PASS when every row arrives (an
//     export that held its rows would run out of memory) and the peak RSS stays within HEAP_MB
//     of the RSS before (what the old space may hold before V8 collects), so it is bounded by
//     the cap, not by what is streamed; the export streams room by room in pieces with
//     backpressure. (Uncapped, V8 lets garbage pile up before it collects, and peaks vary by
//     tens of MB from run to run whatever is exported.)
// The history is written straight into the store as the server keeps it (the last
// HISTORY_RAW_DAYS as 1-minute samples, older days as 15-minute means), as bench:history does.
// The client reads the answer as fast as it comes and counts its bytes and lines; it keeps none.
// Settings: BENCH_EXPORT_LONG_ROOMS (rooms of the 400-day building, default 1,000; fewer for a
// quick look), BENCH_EXPORT_LONG=0 skips the 400-day part, BENCH_NO_PIN, BENCH_JSON=file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { sqliteSql } from '../src/platform/database/sql.js';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/platform/database/open.js';
import { createHistoryRepository } from '../src/modules/history/repository.js';
import { importSeed } from '../src/modules/building/seed-import.js';
import { DAY_MS, HOUR_MS, QUARTER_MS, type HistorySample } from '../src/modules/history/rules.js';
import { generateBuilding, benchUser } from '../src/test-support/generate-building.js';
import { sampleAt } from './history-samples.js';
import { startChildServer, type ChildServer } from '../src/test-support/spawn-server.js';
import { pinning, printVerdicts } from './server-bench.js';
import type { Verdict } from './verdicts.js';

const RAW_DAYS = 14;
const MINUTE = 60_000;
/**
 * The server's heap in the 400-day part: old space and semi-spaces capped, so the peak shows
 * what the export keeps alive, not how much garbage V8 lets pile up at a high allocation rate.
 */
const HEAP_MB = 64;
const SEMI_MB = 2;
const LONG_ROOMS = Math.max(1, Number(process.env.BENCH_EXPORT_LONG_ROOMS ?? 1000));
const LONG = process.env.BENCH_EXPORT_LONG !== '0';

/** A data folder with the 1,000-room building and `days` of history for its first `rooms`. */
async function buildingWithHistory(days: number, rooms: number, now: number): Promise<string> {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-export-bench-'));
  const db = openDatabase(path.join(dataDir, 'raumregler.sqlite'));
  db.pragma('synchronous = OFF'); // the writing is not measured
  {
    await importSeed(sqliteSql(db), generateBuilding(20, 50), now);
    const store = createHistoryRepository(sqliteSql(db), 'sqlite', 1);
    const rawFrom = now - RAW_DAYS * DAY_MS;
    const first = Math.floor((now - days * DAY_MS) / QUARTER_MS) * QUARTER_MS;
    for (let id = 1; id <= rooms; id++) {
      await store.transaction(async (tx) => {
        // A day at a time, so the bench's own memory stays small too.
        for (let day = first; day < now; day += DAY_MS) {
          const samples: HistorySample[] = [];
          const end = Math.min(now, day + DAY_MS);
          for (let time = day; time < end;) {
            samples.push(sampleAt(id, time));
            time += time < rawFrom ? QUARTER_MS : MINUTE;
          }
          await store.writeSamples(tx, id, samples, rawFrom);
        }
      });
    }
    db.close();
    console.log(
      `  ${days} days of ${rooms} rooms written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return dataDir;
  }
}

/** Reads /proc: the peak RSS since `clear_refs` was last written 5, in MB (null if not Linux). */
function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface ExportRun {
  seconds: number;
  bytes: number;
  lines: number;
  status: number;
  beforeMb: number;
  peakMb: number;
}

/** One export over HTTP, read as fast as it comes, with the server's RSS sampled meanwhile. */
async function timeExport(server: ChildServer, query: string): Promise<ExportRun> {
  const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
  const beforeMb = server.rssMb();
  const reset = resetPeak(server.pid);
  let sampledPeak = beforeMb;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, server.rssMb());
  }, 20);
  const started = performance.now();
  try {
    const result = await new Promise<{ status: number; bytes: number; lines: number }>(
      (resolve, reject) => {
        const request = httpRequest(`${server.origin}/api/history/export.csv?${query}`, {
          headers: { authorization, 'accept-encoding': 'identity' },
        });
        request.on('response', (response) => {
          let bytes = 0;
          let lines = 0;
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1)) lines++;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes, lines }));
          response.on('error', reject);
        });
        request.on('error', reject);
        request.end();
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const hwm = reset ? peakRssMb(server.pid) : null;
    return { ...result, seconds, beforeMb, peakMb: Math.max(sampledPeak, hwm ?? 0) };
  } finally {
    clearInterval(sampler);
  }
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const mb = (value: number) => `${value.toFixed(1)} MB`;
const describe = (run: ExportRun) =>
  `${(run.lines - 1).toLocaleString('en-US')} rows, ${mb(run.bytes / 1024 / 1024)}, ` +
  `${mb(run.bytes / 1024 / 1024 / run.seconds)}/s; RSS before ${mb(run.beforeMb)}`;

async function exportsOf(
  dataDir: string,
  runs: { query: string; rows: number }[],
  heapMb?: number,
) {
  const pin = pinning();
  const server = await startChildServer({
    dataDir,
    // A day more than the bench writes: the server's pruning takes none of it while it runs.
    env: {
      HISTORY_BACKFILL_DAYS: '0',
      HISTORY_DAYS: '401',
      ...(heapMb
        ? { NODE_OPTIONS: `--max-old-space-size=${heapMb} --max-semi-space-size=${SEMI_MB}` }
        : {}),
    },
    cpus: pin?.server,
  });
  try {
    const results: ExportRun[] = [];
    for (const run of runs) {
      const result = await timeExport(server, run.query);
      if (result.status !== 200 || result.lines - 1 !== run.rows) {
        throw new Error(
          `export ${run.query}: status ${result.status}, ${result.lines - 1} rows, expected ${run.rows}`,
        );
      }
      results.push(result);
    }
    return results;
  } finally {
    await server.stop({ keepData: true });
  }
}

async function main() {
  const started = performance.now();
  const now = Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  console.log('Export bench: GET /api/history/export.csv of the 1,000-room building');
  const verdicts: Verdict[] = [];
  const monthDir = await buildingWithHistory(31, 1000, now);
  let monthRun: ExportRun;
  try {
    const from = now - 30 * DAY_MS;
    // A warm-up on one floor first: the first export compiles the code.
    [, monthRun] = (await exportsOf(monthDir, [
      { query: `from=${iso(from)}&to=${iso(now)}&step=1h&floor=1&lang=de`, rows: 50 * 720 },
      { query: `from=${iso(from)}&to=${iso(now)}&step=1h&lang=de`, rows: 1000 * 720 },
    ])) as [ExportRun, ExportRun];
  } finally {
    rmSync(monthDir, { recursive: true, force: true });
  }
  verdicts.push(
    {
      figure: `export of 1,000 rooms × 30 days at 1h, German (${describe(monthRun)})`,
      value: `${monthRun.seconds.toFixed(1)} s`,
      budget: 'none',
      pass: null,
    },
    {
      figure: 'export of 1,000 rooms × 30 days at 1h: server peak RSS while it streams',
      value: mb(monthRun.peakMb),
      budget: 'none (the verdict is on flatness, below)',
      pass: null,
    },
  );

  if (LONG) {
    // Without a limit V8 lets garbage pile up before it collects (the peaks above vary by tens
    // of MB from run to run). With the server's heap capped (HEAP_MB, SEMI_MB) an export that
    // held its rows would run out of memory; one that streams finishes with its RSS bounded
    // by the cap.
    const longDir = await buildingWithHistory(400, LONG_ROOMS, now);
    try {
      const from = now - 400 * DAY_MS;
      const runs = await exportsOf(
        longDir,
        [
          {
            query: `from=${iso(now - DAY_MS)}&to=${iso(now)}&step=1h&floor=1`,
            rows: Math.min(50, LONG_ROOMS) * 24,
          },
          {
            query: `from=${iso(now - 30 * DAY_MS)}&to=${iso(now)}&step=1h`,
            rows: LONG_ROOMS * 720,
          },
          { query: `from=${iso(from)}&to=${iso(now)}&step=1h&lang=de`, rows: LONG_ROOMS * 9600 },
          { query: `from=${iso(from)}&to=${iso(now)}&step=15m&lang=en`, rows: LONG_ROOMS * 38400 },
        ],
        HEAP_MB,
      );
      const reference = runs[1]!;
      const rooms = LONG_ROOMS.toLocaleString('en-US');
      verdicts.push({
        figure: `export of ${rooms} rooms × 30 days at 1h, server heap capped (old space ${HEAP_MB} MB, semi-spaces ${SEMI_MB} MB): peak RSS (${reference.seconds.toFixed(1)} s, ${describe(reference)})`,
        value: mb(reference.peakMb),
        budget: 'none (the reference below)',
        pass: null,
      });
      for (const [run, step] of [
        [runs[2]!, '1h'],
        [runs[3]!, '15m'],
      ] as const) {
        verdicts.push({
          figure: `export of ${rooms} rooms × 400 days at ${step}, server heap capped (old space ${HEAP_MB} MB, semi-spaces ${SEMI_MB} MB): every row, and peak RSS bounded by the cap, not by the ${mb(run.bytes / 1024 / 1024)} streamed (${run.seconds.toFixed(1)} s, ${describe(run)}; the 30-day reference ${mb(reference.peakMb)})`,
          value: mb(run.peakMb),
          budget: `≤ ${mb(run.beforeMb + HEAP_MB)} (RSS before + ${HEAP_MB} MB), every row`,
          pass: run.peakMb <= run.beforeMb + HEAP_MB,
        });
      }
    } finally {
      rmSync(longDir, { recursive: true, force: true });
    }
  }

  printVerdicts('Building export (issue 32)', verdicts);
  console.log(`  (bench ran ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ verdicts }, null, 2));
  }
  process.exitCode = verdicts.every((v) => v.pass !== false) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
