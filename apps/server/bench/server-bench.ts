// `npm run bench -w apps/server`: throughput and p99 of GET temps against a bare Fastify
// hello-world on the same machine, for the demo building and a generated 1,000-room building,
// plus the server's memory after the load. Every figure is measured in this run.
//
// Settings (environment): BENCH_DURATION seconds per measured run (default 10),
// BENCH_CONNECTIONS (default 50), BENCH_JSON=file to also write the figures as JSON.
import { writeFileSync } from 'node:fs';
import autocannon, { type Result } from 'autocannon';
import { generateBuilding, benchUser } from './generate-building.js';
import { startChildServer, startHelloWorld, type ChildServer } from './spawn-server.js';

const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = Math.min(3, Math.max(1, Math.round(duration / 4)));
const tempsPath = '/api/get/json/v1/1/temps/';

export const serverBudgets = { ratio: 0.6, p99Ms: 10, rssMb: 150 } as const;

export interface LoadFigures {
  requestsPerSecond: number;
  p99Ms: number;
  total: number;
  /** non-2xx answers, socket errors and timeouts together; must be 0 for a valid run. */
  failures: number;
}

export interface BuildingFigures {
  building: string;
  rooms: number;
  responseBytes: number;
  hello: LoadFigures;
  temps: LoadFigures;
  ratio: number;
  rssMb: number;
}

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

function figures(result: Result): LoadFigures {
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** A short unmeasured run first, so both servers are measured with their code optimised. */
async function load(url: string, headers: Record<string, string>) {
  await autocannon({ url, connections, duration: warmupSeconds, headers });
  return figures(await autocannon({ url, connections, duration, headers }));
}

async function measureBuilding(
  building: string,
  seed: unknown,
  credentials: { username: string; password: string },
): Promise<BuildingFigures> {
  const hello = await startHelloWorld();
  let helloFigures: LoadFigures;
  try {
    helloFigures = await load(hello.origin, {});
  } finally {
    await hello.stop();
  }
  const server: ChildServer = await startChildServer({ seed });
  try {
    const headers = { authorization: basic(credentials.username, credentials.password) };
    // Prove the bench measures real answers, not 401s or 404s.
    const probe = await fetch(server.origin + tempsPath, { headers });
    const text = await probe.text();
    if (probe.status !== 200) {
      throw new Error(`GET temps answered ${probe.status} before the load: ${text.slice(0, 200)}`);
    }
    const floors = JSON.parse(text) as { raeume: unknown[] }[];
    const temps = await load(server.origin + tempsPath, headers);
    return {
      building,
      rooms: floors.reduce((sum, floor) => sum + floor.raeume.length, 0),
      responseBytes: Buffer.byteLength(text),
      hello: helloFigures,
      temps,
      ratio: temps.requestsPerSecond / helloFigures.requestsPerSecond,
      rssMb: server.rssMb(),
    };
  } finally {
    await server.stop();
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
  pass: boolean;
}

export function serverVerdicts(results: BuildingFigures[]): Verdict[] {
  return results.flatMap((r) => [
    {
      figure: `temps ${r.building}: throughput / hello-world (${Math.round(r.temps.requestsPerSecond)} / ${Math.round(r.hello.requestsPerSecond)} req/s, ${r.rooms} rooms, ${(r.responseBytes / 1024).toFixed(1)} KB)`,
      value: r.ratio.toFixed(3),
      budget: `≥ ${serverBudgets.ratio}`,
      pass: r.ratio >= serverBudgets.ratio && r.temps.failures === 0,
    },
    {
      figure: `temps ${r.building}: p99 latency (hello-world ${r.hello.p99Ms} ms)`,
      value: `${r.temps.p99Ms} ms`,
      budget: `< ${serverBudgets.p99Ms} ms`,
      pass: r.temps.p99Ms < serverBudgets.p99Ms,
    },
    {
      figure: `temps ${r.building}: failed requests of ${r.temps.total}`,
      value: String(r.temps.failures),
      budget: '0',
      pass: r.temps.failures === 0,
    },
    {
      figure: `server RSS after the ${r.building} load`,
      value: `${r.rssMb.toFixed(1)} MB`,
      budget: `< ${serverBudgets.rssMb} MB`,
      pass: r.rssMb < serverBudgets.rssMb,
    },
  ]);
}

export function printVerdicts(title: string, verdicts: Verdict[]) {
  console.log(`\n${title}`);
  const width = Math.max(...verdicts.map((v) => v.figure.length));
  for (const v of verdicts) {
    console.log(
      `  ${v.pass ? 'PASS' : 'FAIL'}  ${v.figure.padEnd(width)}  ${v.value.padStart(10)}  (budget ${v.budget})`,
    );
  }
}

async function main() {
  console.log(
    `Server bench: ${connections} connections, ${duration} s per run (after ${warmupSeconds} s warm-up), SIM_SPEED=0, LOG_LEVEL=warn`,
  );
  const results = await runServerBench();
  const verdicts = serverVerdicts(results);
  printVerdicts('GET /api/get/json/v1/1/temps/ against a bare Fastify hello-world', verdicts);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ results, verdicts }, null, 2));
  }
  process.exitCode = verdicts.every((v) => v.pass) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
