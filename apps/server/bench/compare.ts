// `tsx bench/compare.ts DIST_A DIST_B`: two builds of the server side by side, interleaved, for
// A/B checks of a change on a shared, noisy machine. Both servers (and the hello-world) run for
// the whole comparison; each round loads hello-world, then A and B in alternating order, plain
// and gzip. Beside req/s and p99 it prints the server's CPU time per answered request (from
// /proc/PID/stat), which moves far less with the neighbours' load than throughput does. The
// same polled read with an access token (`Bearer`, a read token of the same user) is a row of
// its own.
//
// Settings (environment): ROUNDS (default 3), BENCH_DURATION s per run (default 5),
// BENCH_CONNECTIONS (default 50), BUILDING=demo|large (default demo).
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { benchUser, generateBuilding } from '../src/test-support/generate-building.js';
import {
  startChildServer,
  startHelloWorld,
  type ChildServer,
} from '../src/test-support/spawn-server.js';

const [distA, distB] = process.argv.slice(2);
if (!distA || !distB) throw new Error('usage: tsx bench/compare.ts DIST_A DIST_B');
const rounds = Number(process.env.ROUNDS ?? 3);
const duration = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const large = process.env.BUILDING === 'large';
const credentials = large ? benchUser : { username: 'demo', password: 'demo1234' };
const authorization = `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
const tempsPath = '/api/get/json/v1/1/temps/';
const ticksPerSecond = 100;

/** utime + stime of a process, in clock ticks. */
function cpuTicks(pid: number) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

const startDist = (dist: string) =>
  startChildServer({ entry: { dist }, seed: large ? generateBuilding(20, 50) : undefined });

interface Row {
  name: string;
  rps: number[];
  p99: number[];
  cpuUs: number[];
}
const rows = new Map<string, Row>();
function record(name: string, rps: number, p99: number, cpuUs: number) {
  const row = rows.get(name) ?? { name, rps: [], p99: [], cpuUs: [] };
  row.rps.push(rps);
  row.p99.push(p99);
  row.cpuUs.push(cpuUs);
  rows.set(name, row);
}

async function run(name: string, pid: number, url: string, headers: Record<string, string>) {
  await autocannon({ url, connections, duration: 1, headers });
  const before = cpuTicks(pid);
  const result = await autocannon({ url, connections, duration, headers });
  const ticks = cpuTicks(pid) - before;
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${name}: ${failures} failed requests`);
  const cpuUs = ((ticks / ticksPerSecond) * 1e6) / result.requests.total;
  record(name, result.requests.average, result.latency.p99, cpuUs);
}

const a = await startDist(distA);
const b = await startDist(distB);
const hello: ChildServer = await startHelloWorld();
try {
  const bearers = new Map<ChildServer, string>();
  for (const server of [a, b]) {
    const probe = await fetch(server.origin + tempsPath, { headers: { authorization } });
    if (probe.status !== 200) throw new Error(`temps answered ${probe.status}`);
    const created = await fetch(`${server.origin}/api/tokens/`, {
      method: 'POST',
      headers: { authorization },
      body: new URLSearchParams({ name: 'bench', access: 'read' }),
    });
    if (created.status !== 201) throw new Error(`a new token answered ${created.status}`);
    const { token } = (await created.json()) as { token: { token: string } };
    bearers.set(server, `Bearer ${token.token}`);
  }
  for (let round = 0; round < rounds; round += 1) {
    await run('hello-world', hello.pid, hello.origin, {});
    const order =
      round % 2 === 0
        ? [['A', a] as const, ['B', b] as const]
        : [['B', b] as const, ['A', a] as const];
    for (const encoding of ['plain', 'gzip'] as const) {
      const headers: Record<string, string> = { authorization };
      if (encoding === 'gzip') headers['accept-encoding'] = 'gzip';
      for (const [label, server] of order) {
        await run(`${label} ${encoding}`, server.pid, server.origin + tempsPath, headers);
      }
    }
    for (const [label, server] of order) {
      const headers = { authorization: bearers.get(server)! };
      await run(`${label} bearer`, server.pid, server.origin + tempsPath, headers);
    }
    process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
  }
} finally {
  await a.stop();
  await b.stop();
  await hello.stop();
}

const helloRps = rows.get('hello-world')!.rps;
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
console.log(
  `A = ${distA}\nB = ${distB}\n${connections} connections, ${duration} s per run, ${rounds} rounds`,
);
console.log(
  `${'run'.padEnd(12)} ${'req/s per round'.padEnd(34)} ${'ratio to hello per round'.padEnd(30)} ${'p99 ms'.padEnd(12)} CPU µs/request`,
);
for (const row of rows.values()) {
  const ratios = row.rps.map((rps, i) => (rps / helloRps[i]!).toFixed(3));
  console.log(
    `${row.name.padEnd(12)} ${row.rps
      .map((v) => Math.round(v).toString())
      .join(' ')
      .padEnd(
        34,
      )} ${ratios.join(' ').padEnd(30)} ${row.p99.join(' ').padEnd(12)} ${row.cpuUs.map((v) => v.toFixed(1)).join(' ')} (mean ${mean(row.cpuUs).toFixed(1)})`,
  );
}
