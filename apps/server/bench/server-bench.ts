// `npm run bench -w apps/server`: throughput and p99 of GET temps against a bare Fastify
// hello-world on the same machine, for the demo building and a generated 1,000-room building,
// plus the server's memory after the load. Every figure is measured in this run.
//
// GET temps is measured twice per building: without Accept-Encoding (plain JSON) and with
// `Accept-Encoding: gzip`, which every real client sends (browsers, Home Assistant's aiohttp,
// ioBroker's axios). Beside the hello-world (the budget's yardstick) a bare Fastify sending the
// very same bytes is measured too: the ceiling for an answer of that size on this machine, so a
// shortfall can be told apart as ours or the wire's.
//
// All three servers stay up for a building's whole measurement, and the runs go in rounds
// (hello-world, same bytes, temps, one room; again and again): on a 2-core machine the
// hello-world alone swung from 57,000 to 84,000 req/s between single runs a minute apart, so a
// ratio of two single runs was mostly noise. Each ratio is the median of the rounds' ratios, each
// figure the median of its rounds; totals and failures are summed over all rounds.
//
// Settings (environment): BENCH_DURATION seconds per measured run (default 5), BENCH_ROUNDS
// (default 3), BENCH_CONNECTIONS (default 50), BENCH_JSON=file to also write the figures as JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon, { type Result } from 'autocannon';
import { generateBuilding, benchUser } from './generate-building.js';
import { startChildServer, startHelloWorld, type ChildServer } from './spawn-server.js';

const duration = Number(process.env.BENCH_DURATION ?? 5);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Math.min(3, Math.max(1, Math.round(duration / 4)));
const tempsPath = '/api/get/json/v1/1/temps/';

export const serverBudgets = { ratio: 0.6, p99Ms: 10, rssMb: 150 } as const;

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  total: number;
  /** Bytes per second on the wire (bodies as sent, so gzipped where gzip was asked for). */
  bytesPerSecond: number;
  /** non-2xx answers, socket errors and timeouts together; must be 0 for a valid run. */
  failures: number;
}

export type Encoding = 'plain' | 'gzip';
export const encodings: readonly Encoding[] = ['plain', 'gzip'];
const encodingHeaders: Record<Encoding, Record<string, string>> = {
  plain: {},
  gzip: { 'accept-encoding': 'gzip' },
};
export const encodingLabel: Record<Encoding, string> = {
  plain: 'no Accept-Encoding',
  gzip: 'Accept-Encoding: gzip',
};

export interface BuildingFigures {
  building: string;
  rooms: number;
  responseBytes: number;
  gzipBytes: number;
  hello: LoadFigures;
  /** A bare Fastify sending the same answer bytes, per encoding. */
  sameBytes: Record<Encoding, LoadFigures>;
  temps: Record<Encoding, LoadFigures>;
  /** temps req/s ÷ hello-world req/s, per encoding: the budget's ratio. */
  ratio: Record<Encoding, number>;
  /** temps req/s ÷ same-bytes req/s, per encoding: what our code costs beyond the bytes. */
  ratioToSameBytes: Record<Encoding, number>;
  /** GET temps/{roomId}/ of the building's first room, plain: what a tool watching one room asks. */
  oneRoom: LoadFigures & { responseBytes: number; ratio: number };
  rssMb: number;
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function figures(result: Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    bytesPerSecond: result.throughput.average,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** With `warm`, a short unmeasured run first, so every server is measured with its code optimised. */
async function load(url: string, headers: Record<string, string>, warm: boolean) {
  if (warm) await autocannon({ url, connections, duration: warmupSeconds, headers });
  return figures(await autocannon({ url, connections, duration, headers }));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One figure from several rounds: medians of the rates, sums of the counts. */
function combine(samples: LoadFigures[]): LoadFigures {
  return {
    requestsPerSecond: median(samples.map((s) => s.requestsPerSecond)),
    p99Ms: median(samples.map((s) => s.p99Ms)),
    total: samples.reduce((sum, s) => sum + s.total, 0),
    bytesPerSecond: median(samples.map((s) => s.bytesPerSecond)),
    failures: samples.reduce((sum, s) => sum + s.failures, 0),
  };
}

async function measureBuilding(
  building: string,
  seed: unknown,
  credentials: { username: string; password: string },
): Promise<BuildingFigures> {
  const server: ChildServer = await startChildServer({ seed });
  const bodyDir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-body-'));
  try {
    const headers = { authorization: basic(credentials.username, credentials.password) };
    // Prove the bench measures real answers, not 401s or 404s.
    const probe = await fetch(server.origin + tempsPath, {
      headers: { ...headers, 'accept-encoding': 'identity' },
    });
    const text = await probe.text();
    if (probe.status !== 200) {
      throw new Error(`GET temps answered ${probe.status} before the load: ${text.slice(0, 200)}`);
    }
    const floors = JSON.parse(text) as { raeume: unknown[] }[];
    const bodyFile = path.join(bodyDir, 'temps.json');
    writeFileSync(bodyFile, text);

    const oneRoomPath = `${tempsPath}${(floors[0]!.raeume[0] as { id: number }).id}/`;
    const oneRoomBytes = Buffer.byteLength(
      await (await fetch(server.origin + oneRoomPath, { headers })).text(),
    );

    // One load at a time; the others idle meanwhile (SIM_SPEED=0: no timer, no work).
    const hello = await startHelloWorld();
    const bare = await startHelloWorld({ BODY_FILE: bodyFile });
    const helloRuns: LoadFigures[] = [];
    const sameBytesRuns: Record<Encoding, LoadFigures[]> = { plain: [], gzip: [] };
    const tempsRuns: Record<Encoding, LoadFigures[]> = { plain: [], gzip: [] };
    const oneRoomRuns: LoadFigures[] = [];
    try {
      for (let round = 0; round < rounds; round += 1) {
        const warm = round === 0;
        helloRuns.push(await load(hello.origin, {}, warm));
        for (const encoding of encodings) {
          sameBytesRuns[encoding].push(await load(bare.origin, encodingHeaders[encoding], warm));
          tempsRuns[encoding].push(
            await load(
              server.origin + tempsPath,
              { ...headers, ...encodingHeaders[encoding] },
              warm,
            ),
          );
        }
        oneRoomRuns.push(await load(server.origin + oneRoomPath, headers, warm));
      }
    } finally {
      await hello.stop();
      await bare.stop();
    }
    const roundRatios = (runs: LoadFigures[]) =>
      median(runs.map((run, round) => run.requestsPerSecond / helloRuns[round]!.requestsPerSecond));
    const helloFigures = combine(helloRuns);
    const sameBytes = {} as Record<Encoding, LoadFigures>;
    const temps = {} as Record<Encoding, LoadFigures>;
    for (const encoding of encodings) {
      sameBytes[encoding] = combine(sameBytesRuns[encoding]);
      temps[encoding] = combine(tempsRuns[encoding]);
    }
    const per = (f: (encoding: Encoding) => number) =>
      Object.fromEntries(encodings.map((encoding) => [encoding, f(encoding)])) as Record<
        Encoding,
        number
      >;
    const oneRoom = {
      ...combine(oneRoomRuns),
      responseBytes: oneRoomBytes,
      ratio: roundRatios(oneRoomRuns),
    };
    return {
      building,
      rooms: floors.reduce((sum, floor) => sum + floor.raeume.length, 0),
      responseBytes: Buffer.byteLength(text),
      gzipBytes: gzipSync(text).length,
      hello: helloFigures,
      sameBytes,
      temps,
      ratio: per((e) => roundRatios(tempsRuns[e])),
      ratioToSameBytes: per((e) =>
        median(
          tempsRuns[e].map(
            (run, round) => run.requestsPerSecond / sameBytesRuns[e][round]!.requestsPerSecond,
          ),
        ),
      ),
      oneRoom,
      rssMb: server.rssMb(),
    };
  } finally {
    await server.stop();
    rmSync(bodyDir, { recursive: true, force: true });
  }
}

export async function runServerBench(): Promise<BuildingFigures[]> {
  return [
    await measureBuilding('demo', undefined, { username: 'demo', password: 'demo1234' }),
    await measureBuilding('1,000 rooms (20 × 50)', generateBuilding(20, 50), benchUser),
  ];
}

export interface Verdict {
  figure: string;
  value: string;
  budget: string;
  /** null: a figure for information, with no budget of its own. */
  pass: boolean | null;
}

export function serverVerdicts(results: BuildingFigures[]): Verdict[] {
  return results.flatMap((r) => [
    ...encodings.flatMap((encoding) => {
      const temps = r.temps[encoding];
      const label = `temps ${r.building}, ${encodingLabel[encoding]}`;
      return [
        {
          figure: `${label}: throughput / hello-world, median of ${rounds} rounds (${Math.round(temps.requestsPerSecond)} / ${Math.round(r.hello.requestsPerSecond)} req/s; same bytes from bare Fastify ${Math.round(r.sameBytes[encoding].requestsPerSecond)} req/s)`,
          value: r.ratio[encoding].toFixed(3),
          budget: `≥ ${serverBudgets.ratio}`,
          pass: r.ratio[encoding] >= serverBudgets.ratio && temps.failures === 0,
        },
        {
          figure: `${label}: p99 latency (hello-world ${r.hello.p99Ms} ms, same bytes ${r.sameBytes[encoding].p99Ms} ms)`,
          value: `${temps.p99Ms} ms`,
          budget: `< ${serverBudgets.p99Ms} ms`,
          pass: temps.p99Ms < serverBudgets.p99Ms,
        },
        {
          figure: `${label}: failed requests of ${temps.total}`,
          value: String(temps.failures),
          budget: '0',
          pass: temps.failures === 0,
        },
      ];
    }),
    {
      figure: `temps/{roomId}/ ${r.building}, one room (${r.oneRoom.responseBytes} B), no Accept-Encoding: throughput / hello-world (${Math.round(r.oneRoom.requestsPerSecond)} req/s; p99 ${r.oneRoom.p99Ms} ms; ${r.oneRoom.failures} of ${r.oneRoom.total} failed)`,
      value: r.oneRoom.ratio.toFixed(3),
      budget: 'none (the budget names the temps list)',
      pass: null,
    },
    {
      figure: `server RSS after the ${r.building} load`,
      value: `${r.rssMb.toFixed(1)} MB`,
      budget: `< ${serverBudgets.rssMb} MB`,
      pass: r.rssMb < serverBudgets.rssMb,
    },
  ]);
}

/** Every measured run of one building, side by side, so plain and gzip are never confused. */
export function printFigures(results: BuildingFigures[]) {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const r of results) {
    console.log(
      `\n${r.building}: ${r.rooms} rooms; temps answer ${kb(r.responseBytes)} plain, ${kb(r.gzipBytes)} gzipped`,
    );
    const rows: [string, LoadFigures, string, string][] = [
      ['hello-world {"hello":"world"}', r.hello, '1.000', ''],
      ...encodings.map((e): [string, LoadFigures, string, string] => [
        `bare Fastify, same bytes, ${encodingLabel[e]}`,
        r.sameBytes[e],
        (r.sameBytes[e].requestsPerSecond / r.hello.requestsPerSecond).toFixed(3),
        '1.000',
      ]),
      ...encodings.map((e): [string, LoadFigures, string, string] => [
        `GET temps, ${encodingLabel[e]}`,
        r.temps[e],
        r.ratio[e].toFixed(3),
        r.ratioToSameBytes[e].toFixed(3),
      ]),
    ];
    console.log(
      `  ${'run'.padEnd(46)} ${'req/s'.padStart(9)} ${'p99'.padStart(7)} ${'MB/s'.padStart(7)} ${'vs hello'.padStart(9)} ${'vs same bytes'.padStart(14)} failed`,
    );
    for (const [name, f, vsHello, vsSame] of rows) {
      console.log(
        `  ${name.padEnd(46)} ${Math.round(f.requestsPerSecond).toLocaleString('en').padStart(9)} ${`${f.p99Ms} ms`.padStart(7)} ${(f.bytesPerSecond / 1024 / 1024).toFixed(1).padStart(7)} ${vsHello.padStart(9)} ${vsSame.padStart(14)} ${f.failures}`,
      );
    }
    console.log(`  server RSS after the load: ${r.rssMb.toFixed(1)} MB`);
  }
}

export function printVerdicts(title: string, verdicts: Verdict[]) {
  console.log(`\n${title}`);
  const width = Math.max(...verdicts.map((v) => v.figure.length));
  for (const v of verdicts) {
    console.log(
      `  ${v.pass === null ? 'INFO' : v.pass ? 'PASS' : 'FAIL'}  ${v.figure.padEnd(width)}  ${v.value.padStart(10)}  (budget ${v.budget})`,
    );
  }
}

async function main() {
  console.log(
    `Server bench: ${connections} connections, ${duration} s per run (after ${warmupSeconds} s warm-up), SIM_SPEED=0, LOG_LEVEL=warn`,
  );
  const results = await runServerBench();
  printFigures(results);
  const verdicts = serverVerdicts(results);
  printVerdicts('GET /api/get/json/v1/1/temps/ against a bare Fastify hello-world', verdicts);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ results, verdicts }, null, 2));
  }
  process.exitCode = verdicts.every((v) => v.pass !== false) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
