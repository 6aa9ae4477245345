// `npm run bench -w apps/server`: the server under load, on the demo building and a generated
// 1,000-room building. Budgets (issue 30; docs/performance.md):
// - the lists (`temps`, `rooms`, `outs`) on the 1,000-room building against the SAME-BYTES
//   CEILING (apps/server/bench/hello-world.mjs, bare Fastify, same Node): a bare route sending
//   the identical answer (plain, and gzip when the client asks), the very body and headers our
//   server sent (only Date differs), the most any server on this machine can do for those bytes.
//   Budget: ≥ 0.9 of its req/s, p99 ≤ 1.2 × its p99 + 1 ms. On the demo building: INFO.
// - every polled answer (the lists and `temps/{roomId}`, `permissions`, `info`, `/user`) on the
//   demo building at a FIXED RATE, as a building's clients poll: POLL_CONNECTIONS connections,
//   POLL_RATE requests per second in all. Budget: p99 < 5 ms.
// - INFO: each answer's req/s ÷ the hello-world's at full load, the lists' ÷ the body-only
//   ceiling (the body with Content-Type alone: the header bytes are the difference; decision
//   43), the small answers' p99 at full load.
// - RSS after the load on the 1,000-room building: ≤ 150 MB.
// - a one-room user's `temps` on the 1,000-room building (issue 34: a seed user with
//   `"rooms": [ONE_ROOM]`): its answer lists that one room in ≤ 2 KB; its req/s ÷ hello-world
//   (INFO) beside the whole-building user's `temps`, from the same rounds.
//
// Noise control (docs/performance.md, "Noise"):
// - our server and the reference server run pinned to one core (`taskset -c`), this process (the
//   load generator, autocannon) to another, so they never compete for a core; the reference
//   runs under the same pinning as ours. Without taskset or with one core: unpinned, said so.
// - every pair is warmed up once (discarded), then measured in ROUNDS interleaved rounds
//   (ours, reference, ours, reference, …; the order within a pair alternates per round).
// - each ratio is the MEDIAN of the per-round ratios, reported with its spread (min–max). A
//   figure whose spread crosses its budget is UNSTABLE: it fails, it is not a coin flip.
//
// Settings (environment): BENCH_QUICK=1 (2 rounds of 1 s, for trying it out), BENCH_ROUNDS
// (default 5), BENCH_DURATION seconds per measured run (default 2), BENCH_CONNECTIONS for the
// full-load runs (default 50), BENCH_BUILDINGS=demo|big|demo,big, BENCH_JSON=file to also
// write the figures as JSON.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { generateBuilding, benchUser } from '../src/test-support/generate-building.js';
import {
  startChildServer,
  startHelloWorld,
  type ChildServer,
} from '../src/test-support/spawn-server.js';
import { pacedGets } from './timed-requests.js';
import { judge, median, spread, verdictWord, type Spread, type Verdict } from './verdicts.js';

export type { Verdict } from './verdicts.js';

const quick = Boolean(process.env.BENCH_QUICK);
const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? (quick ? 2 : 5)));
const duration = Number(process.env.BENCH_DURATION ?? (quick ? 1 : 2));
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const warmupSeconds = quick ? 1 : 2;
const buildings = (process.env.BENCH_BUILDINGS ?? 'demo,big').split(',');
const api = '/api/get/json/v1/1';

export const serverBudgets = {
  /** lists on the 1,000-room building: req/s ÷ same-bytes ceiling */
  listRatio: 0.9,
  /** lists on the 1,000-room building: p99 ≤ factor × ceiling p99 + extra */
  listP99Factor: 1.2,
  listP99ExtraMs: 1,
  /** every polled answer on the demo building, at the fixed polling rate: p99 below this */
  pollP99Ms: 5,
  /** RSS after the load on the 1,000-room building */
  rssMb: 150,
  /** a one-room user's `temps` on the 1,000-room building: bytes of the plain answer */
  oneRoomTempsBytes: 2048,
} as const;
/** The room of the 1,000-room building's one-room user (issue 34), in the middle of the building. */
export const ONE_ROOM = 501;
const oneRoomUser = { username: 'bench-one-room', password: 'bench-password-1' } as const;
/** The fixed polling load: connections, and requests per second in all, evenly spread (paced). */
export const POLL_CONNECTIONS = 200;
export const POLL_RATE = 2000;

// ---- pinning -------------------------------------------------------------------------------

/** Server core and load-generator core, or null when pinning is not possible here. */
export function pinning(): { server: string; load: string } | null {
  if (process.env.BENCH_NO_PIN) return null;
  if (availableParallelism() < 2) return null;
  if (spawnSync('taskset', ['-V']).status !== 0) return null;
  const pin = { server: '0', load: '1' };
  // This process (autocannon) and all its threads onto the load core.
  const self = spawnSync('taskset', ['-a', '-cp', pin.load, String(process.pid)]);
  return self.status === 0 ? pin : null;
}

// ---- load ----------------------------------------------------------------------------------

interface Run {
  rps: number;
  p99: number;
  total: number;
  failures: number;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds = duration,
  rate?: { connections: number; overallRate: number },
): Promise<Run> {
  if (rate) return paced(url, headers, seconds, rate);
  const result: Result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers,
  });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies Run;
}

/** A fixed rate as a building's clients poll (timed-requests.ts's `pacedGets`). */
async function paced(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  { connections: count, overallRate }: { connections: number; overallRate: number },
): Promise<Run> {
  const target = new URL(url);
  const { latencies, failures } = await pacedGets({
    origins: [target.origin],
    path: () => target.pathname,
    headers,
    seconds,
    connections: count,
    rate: overallRate,
  });
  return {
    rps: latencies.length / seconds,
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
    total: latencies.length,
    failures,
  };
}

export const fmt = (s: Spread, digits = 3, unit = '') =>
  `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;

// ---- one building --------------------------------------------------------------------------

const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

type Encoding = 'plain' | 'gzip';
const encodings: readonly Encoding[] = ['plain', 'gzip'];
const encodingHeaders: Record<Encoding, Record<string, string>> = {
  plain: {},
  gzip: { 'accept-encoding': 'gzip' },
};

interface PairFigures {
  name: string;
  encoding?: Encoding;
  ours: Run[];
  reference: Run[];
  /** lists: the body-only ceiling (the identical body, Content-Type its only header), INFO */
  bodyOnly?: Run[];
  /** per-round ours ÷ reference req/s */
  ratio: Spread;
  oursP99: Spread;
  referenceP99: Spread;
}

export interface BuildingFigures {
  building: string;
  rooms: number;
  lists: (PairFigures & {
    bytes: number;
    gzipBytes: number;
    helloRatio: Spread;
    bodyOnlyRatio: Spread;
    /** Bytes of the answer's headers (as in CONNECTION_HEADERS-less form), plain / gzip. */
    headerBytes: { plain: number; gzip: number };
  })[];
  small: (PairFigures & { bytes: number })[];
  /** Demo building only: each polled answer at the fixed polling rate, per round. */
  polled: { name: string; runs: Run[]; p99: Spread }[];
  hello: Spread;
  /** Bytes on the wire (request + answer, headers included) of one poll of each list. */
  pollBytes: { name: string; plain: number; gzip: number }[];
  rssMb: number;
  /** 1,000 rooms only: the one-room user's `temps` (its rooms listed, bytes), runs between the
   * same hello-world runs as the small answers, ratio ÷ their mean. */
  oneRoom?: {
    roomId: number;
    rooms: number;
    bytes: number;
    runs: Run[];
    ratio: Spread;
    p99: Spread;
  };
  pinned: boolean;
  /** Seconds waited for the first start's history backfill before measuring. */
  backfillWaitS: number;
}

/**
 * A first start fills the simulated history in the background (a big building: a minute of one
 * core). Measuring meanwhile would measure that work; the bench measures the server as it runs
 * afterwards, every day, and says how long it waited.
 */
async function waitForBackfill(origin: string, auth: Record<string, string>) {
  const started = Date.now();
  for (;;) {
    const answer = await fetch(`${origin}/api/history/status`, { headers: auth });
    const status = (await answer.json()) as { backfill?: string };
    if (status.backfill !== 'running') return (Date.now() - started) / 1000;
    if (Date.now() - started > 600_000) throw new Error('the history backfill took over 10 min');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Bytes of a header block as written on the wire (`name: value\r\n` each). */
const headerBlockBytes = (headers: Record<string, string>) =>
  Object.entries(headers).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(`${name}: ${value}\r\n`),
    0,
  );

/** Headers every answer of any server carries, or that the ceiling's own bytes set. */
const CONNECTION_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

/**
 * An answer's body as sent (not decompressed), whether it came gzipped, and its headers as
 * sent, less the connection's own (CONNECTION_HEADERS), for the ceiling to send them too.
 */
function rawAnswer(url: string, headers: Record<string, string>) {
  return new Promise<{ body: Buffer; gzip: boolean; headers: Record<string, string> }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        const sent: Record<string, string> = {};
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i]!;
          if (!CONNECTION_HEADERS.has(name.toLowerCase())) sent[name] = res.rawHeaders[i + 1]!;
        }
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            gzip: res.headers['content-encoding'] === 'gzip',
            headers: sent,
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

/** Bytes a client sends and receives for one request, headers included (a fresh connection). */
function wireBytes(url: string, headers: Record<string, string>) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(url, { headers, agent: false }, (res) => {
      res.resume();
      res.on('end', () => {
        const socket = res.socket ?? req.socket;
        resolve((socket?.bytesRead ?? 0) + (socket?.bytesWritten ?? 0));
        socket?.destroy();
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function measureBuilding(
  building: string,
  seed: unknown,
  credentials: { username: string; password: string },
  pin: { server: string; load: string } | null,
  oneRoom?: { username: string; password: string },
): Promise<BuildingFigures> {
  const cpus = pin?.server;
  const server: ChildServer = await startChildServer({ seed, cpus });
  const bodyDir = mkdtempSync(path.join(tmpdir(), 'raumregler-bench-body-'));
  let reference: ChildServer | undefined;
  try {
    const auth = { authorization: basic(credentials.username, credentials.password) };
    // Prove the bench measures real answers, not 401s or 404s; keep the bodies for the ceiling.
    const get = async (pathname: string, headers: Record<string, string> = auth) => {
      const answer = await fetch(server.origin + pathname, {
        headers: { ...headers, 'accept-encoding': 'identity' },
      });
      const text = await answer.text();
      if (answer.status !== 200) {
        throw new Error(`GET ${pathname} answered ${answer.status}: ${text.slice(0, 200)}`);
      }
      return text;
    };
    const backfillWaitS = await waitForBackfill(server.origin, auth);
    const listPaths = { temps: `${api}/temps/`, rooms: `${api}/rooms/`, outs: `${api}/outs/` };
    const bodies: Record<string, string> = {};
    const gzipped: Record<string, number | null> = {};
    const headerBytes: Record<string, { plain: number; gzip: number }> = {};
    for (const [name, pathname] of Object.entries(listPaths)) {
      bodies[name] = await get(pathname);
      writeFileSync(path.join(bodyDir, name), bodies[name]);
      // The headers our server sends a plain client (as autocannon asks: no Accept-Encoding).
      const plain = await rawAnswer(server.origin + pathname, auth);
      writeFileSync(path.join(bodyDir, `${name}.headers.json`), JSON.stringify(plain.headers));
      // The bytes our server sends to a gzip client, exactly, for the ceiling to send the same.
      const sent = await rawAnswer(server.origin + pathname, {
        ...auth,
        'accept-encoding': 'gzip',
      });
      gzipped[name] = sent.gzip ? sent.body.length : null;
      if (sent.gzip) {
        writeFileSync(path.join(bodyDir, `${name}.gz`), sent.body);
        writeFileSync(path.join(bodyDir, `${name}.gz.headers.json`), JSON.stringify(sent.headers));
      }
      headerBytes[name] = {
        plain: headerBlockBytes(plain.headers),
        gzip: headerBlockBytes(sent.headers),
      };
    }
    const floors = JSON.parse(bodies.temps!) as { raeume: { id: number }[] }[];
    const firstRoom = floors[0]!.raeume[0]!.id;
    const smallPaths: Record<string, string> = {
      'temps/{roomId}': `${api}/temps/${firstRoom}/`,
      permissions: `${api}/permissions/`,
      info: `${api}/info/`,
      '/user': '/api/user',
    };
    const smallBytes: Record<string, number> = {};
    for (const [name, pathname] of Object.entries(smallPaths)) {
      smallBytes[name] = Buffer.byteLength(await get(pathname));
    }
    // The one-room user's `temps` (issue 34): the same URL, its own credentials.
    const oneRoomAuth = oneRoom && { authorization: basic(oneRoom.username, oneRoom.password) };
    const oneRoomBody = oneRoomAuth && (await get(listPaths.temps, oneRoomAuth));
    const oneRoomRuns: Run[] = [];

    // One reference process: `/` the hello-world, `/same/NAME` the same bytes as our list NAME
    // (body and headers), `/body/NAME` the same body with only Content-Type (INFO).
    reference = await startHelloWorld({ BODY_DIR: bodyDir }, cpus);
    const ref = reference;

    // Warm-up, discarded: every URL once, so each server runs optimised code before a round.
    const warm = (url: string, headers: Record<string, string>) =>
      load(url, headers, warmupSeconds);
    await warm(ref.origin, {});
    for (const [name, pathname] of Object.entries(listPaths)) {
      for (const e of encodings) {
        await warm(server.origin + pathname, { ...auth, ...encodingHeaders[e] });
        await warm(`${ref.origin}/same/${name}`, encodingHeaders[e]);
        await warm(`${ref.origin}/body/${name}`, encodingHeaders[e]);
      }
    }
    for (const pathname of Object.values(smallPaths)) await warm(server.origin + pathname, auth);
    if (oneRoomAuth) await warm(server.origin + listPaths.temps, oneRoomAuth);

    const listRuns = new Map<string, { ours: Run[]; reference: Run[]; bodyOnly: Run[] }>();
    const smallRuns = new Map<string, Run[]>();
    const helloRuns: Run[][] = [];
    const pollRuns = new Map<string, Run[]>();
    const polling = building === 'demo';
    const polledPaths = { ...listPaths, ...smallPaths };
    const pollRate = { connections: POLL_CONNECTIONS, overallRate: POLL_RATE };
    for (let round = 0; round < rounds; round += 1) {
      const oursFirst = round % 2 === 0;
      for (const [name, pathname] of Object.entries(listPaths)) {
        for (const e of encodings) {
          const key = `${name} ${e}`;
          const runs = listRuns.get(key) ?? { ours: [], reference: [], bodyOnly: [] };
          const ours = () => load(server.origin + pathname, { ...auth, ...encodingHeaders[e] });
          const theirs = () => load(`${ref.origin}/same/${name}`, encodingHeaders[e]);
          if (oursFirst) {
            runs.ours.push(await ours());
            runs.reference.push(await theirs());
          } else {
            runs.reference.push(await theirs());
            runs.ours.push(await ours());
          }
          // INFO only: the body without our headers, after the pair.
          runs.bodyOnly.push(await load(`${ref.origin}/body/${name}`, encodingHeaders[e]));
          listRuns.set(key, runs);
        }
      }
      // The small answers between two hello-world runs; each ratio uses their mean.
      const hellos = [await load(ref.origin, {})];
      for (const [name, pathname] of Object.entries(smallPaths)) {
        const runs = smallRuns.get(name) ?? [];
        runs.push(await load(server.origin + pathname, auth));
        smallRuns.set(name, runs);
      }
      if (oneRoomAuth) oneRoomRuns.push(await load(server.origin + listPaths.temps, oneRoomAuth));
      hellos.push(await load(ref.origin, {}));
      helloRuns.push(hellos);
      // The demo building polled as its clients poll: a fixed rate, not as fast as it goes.
      if (polling) {
        for (const [name, pathname] of Object.entries(polledPaths)) {
          const runs = pollRuns.get(name) ?? [];
          runs.push(await load(server.origin + pathname, auth, duration, pollRate));
          pollRuns.set(name, runs);
        }
      }
    }
    const helloRps = helloRuns.map(([a, b]) => (a!.rps + b!.rps) / 2);

    const pair = (ours: Run[], theirs: Run[], theirsRps: number[]) => ({
      ours,
      reference: theirs,
      ratio: spread(ours.map((run, i) => run.rps / theirsRps[i]!)),
      oursP99: spread(ours.map((run) => run.p99)),
      referenceP99: spread(theirs.map((run) => run.p99)),
    });
    const lists = [...listRuns].map(([key, runs]) => {
      const [name, encoding] = key.split(' ') as [string, Encoding];
      return {
        name,
        encoding,
        bytes: Buffer.byteLength(bodies[name]!),
        gzipBytes: gzipped[name] ?? Buffer.byteLength(bodies[name]!),
        ...pair(
          runs.ours,
          runs.reference,
          runs.reference.map((run) => run.rps),
        ),
        helloRatio: spread(runs.ours.map((run, i) => run.rps / helloRps[i]!)),
        bodyOnly: runs.bodyOnly,
        bodyOnlyRatio: spread(runs.ours.map((run, i) => run.rps / runs.bodyOnly[i]!.rps)),
        headerBytes: headerBytes[name]!,
      };
    });
    const small = [...smallRuns].map(([name, runs]) => ({
      name,
      bytes: smallBytes[name]!,
      ...pair(
        runs,
        helloRuns.map(([a]) => a!),
        helloRps,
      ),
    }));
    const polled = [...pollRuns].map(([name, runs]) => ({
      name,
      runs,
      p99: spread(runs.map((run) => run.p99)),
    }));
    const pollBytes = [];
    for (const [name, pathname] of Object.entries(listPaths)) {
      pollBytes.push({
        name,
        plain: await wireBytes(server.origin + pathname, auth),
        gzip: await wireBytes(server.origin + pathname, { ...auth, 'accept-encoding': 'gzip' }),
      });
    }
    const oneRoomFloors = oneRoomBody ? (JSON.parse(oneRoomBody) as { raeume: unknown[] }[]) : [];
    return {
      building,
      oneRoom: oneRoomBody
        ? {
            roomId: ONE_ROOM,
            rooms: oneRoomFloors.reduce((sum, floor) => sum + floor.raeume.length, 0),
            bytes: Buffer.byteLength(oneRoomBody),
            runs: oneRoomRuns,
            ratio: spread(oneRoomRuns.map((run, i) => run.rps / helloRps[i]!)),
            p99: spread(oneRoomRuns.map((run) => run.p99)),
          }
        : undefined,
      rooms: floors.reduce((sum, floor) => sum + floor.raeume.length, 0),
      lists,
      small,
      polled,
      hello: spread(helloRps),
      pollBytes,
      rssMb: server.rssMb(),
      pinned: pin !== null,
      backfillWaitS,
    };
  } finally {
    await reference?.stop();
    await server.stop();
    rmSync(bodyDir, { recursive: true, force: true });
  }
}

export async function runServerBench(): Promise<BuildingFigures[]> {
  const pin = pinning();
  console.log(
    'Ceiling of the lists: the same-bytes ceiling, a bare Fastify route sending our very body and headers (only Date differs); the body-only ceiling (INFO) sends the body with Content-Type alone',
  );
  console.log(
    pin
      ? `Pinned: servers (ours and the reference) on CPU ${pin.server}, load generator on CPU ${pin.load} (taskset)`
      : 'NOT pinned (taskset missing, one core, or BENCH_NO_PIN): figures are noisier',
  );
  const results: BuildingFigures[] = [];
  if (buildings.includes('demo')) {
    results.push(
      await measureBuilding('demo', undefined, { username: 'demo', password: 'demo1234' }, pin),
    );
  }
  if (buildings.includes('big')) {
    // The generated building plus one user scoped to one room (issue 34).
    const seed = generateBuilding(20, 50);
    const [whole] = seed.users;
    seed.users.push({
      ...whole!,
      ...oneRoomUser,
      email: 'bench-one-room@example.com',
      rooms: [ONE_ROOM],
    });
    results.push(await measureBuilding('1,000 rooms', seed, benchUser, pin, oneRoomUser));
  }
  return results;
}

// ---- verdicts ------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const reqs = (runs: Run[]) => Math.round(median(runs.map((run) => run.rps))).toLocaleString('en');

export function serverVerdicts(results: BuildingFigures[]): Verdict[] {
  const b = serverBudgets;
  const verdicts: Verdict[] = [];
  for (const r of results) {
    const big = r.building !== 'demo';
    // A budget of the 1,000-room building only; on the demo building the figure is INFO.
    const onBig = (verdict: { pass: boolean; unstable: boolean }) =>
      big ? verdict : { pass: null, unstable: false };
    for (const list of r.lists) {
      const sent = list.encoding === 'gzip' ? list.gzipBytes : list.bytes;
      const label = `${list.name} ${r.building}, ${list.encoding === 'gzip' ? 'Accept-Encoding: gzip' : 'plain'} (${kb(sent)} sent${list.encoding === 'gzip' && list.gzipBytes === list.bytes ? ', not compressed' : ''})`;
      const ratio = judge(list.ratio, (v) => v >= b.listRatio);
      const headers = list.encoding === 'gzip' ? list.headerBytes.gzip : list.headerBytes.plain;
      verdicts.push({
        figure: `${label}: req/s ÷ same-bytes ceiling (our body and our ${headers} B of headers), median of ${rounds} rounds (${reqs(list.ours)} / ${reqs(list.reference)} req/s)`,
        value: fmt(list.ratio),
        budget: big ? `≥ ${b.listRatio}` : 'none (the budget is on 1,000 rooms)',
        ...onBig(ratio),
      });
      // Per round: our p99 against that round's ceiling p99 × 1.2 + 1 ms.
      const slack = spread(
        list.ours.map(
          (run, i) => run.p99 - (b.listP99Factor * list.reference[i]!.p99 + b.listP99ExtraMs),
        ),
      );
      verdicts.push({
        figure: `${label}: p99 (ceiling ${fmt(list.referenceP99, 0, ' ms')}; ours minus allowed ${fmt(slack, 0, ' ms')})`,
        value: fmt(list.oursP99, 0, ' ms'),
        budget: big
          ? `≤ ${b.listP99Factor} × ceiling + ${b.listP99ExtraMs} ms`
          : 'none (the budget is on 1,000 rooms)',
        ...onBig(judge(slack, (v) => v <= 0)),
      });
      verdicts.push({
        figure: `${label}: req/s ÷ body-only ceiling (our body, Content-Type its only header; ${reqs(list.bodyOnly ?? [])} req/s)`,
        value: fmt(list.bodyOnlyRatio),
        budget: 'none',
        pass: null,
      });
      verdicts.push({
        figure: `${label}: req/s ÷ hello-world (measures the network stack, not us)`,
        value: fmt(list.helloRatio),
        budget: 'none',
        pass: null,
      });
    }
    for (const s of r.small) {
      const label = `${s.name} ${r.building} (${s.bytes} B, Basic auth)`;
      verdicts.push({
        figure: `${label}: req/s ÷ hello-world at full load (${connections} connections), median of ${rounds} rounds (${reqs(s.ours)} / ${Math.round(r.hello.median).toLocaleString('en')} req/s)`,
        value: fmt(s.ratio),
        budget: 'none',
        pass: null,
      });
      verdicts.push({
        figure: `${label}: p99 at full load (${connections} connections)`,
        value: fmt(s.oursP99, 0, ' ms'),
        budget: 'none',
        pass: null,
      });
    }
    if (r.oneRoom) {
      const o = r.oneRoom;
      const whole = r.lists.find((l) => l.name === 'temps' && l.encoding === 'plain');
      const label = `temps ${r.building}, one-room user ("rooms": [${o.roomId}])`;
      verdicts.push({
        figure: `${label}: bytes of its answer, plain (${o.rooms} room listed; the whole-building user's ${whole ? kb(whole.bytes) : '?'})`,
        value: `${o.bytes} B`,
        budget: `≤ ${kb(b.oneRoomTempsBytes)}, 1 room`,
        pass: o.bytes <= b.oneRoomTempsBytes && o.rooms === 1,
      });
      verdicts.push({
        figure: `${label}: req/s ÷ hello-world at full load (${connections} connections), median of ${rounds} rounds (${reqs(o.runs)} req/s, p99 ${fmt(o.p99, 0, ' ms')}); the whole-building user's temps, plain: ${whole ? `${fmt(whole.helloRatio)}, ${reqs(whole.ours)} req/s` : '?'}`,
        value: fmt(o.ratio),
        budget: 'none',
        pass: null,
      });
    }
    for (const p of r.polled) {
      verdicts.push({
        figure: `${p.name} ${r.building}, polled: p99 at ${POLL_RATE.toLocaleString('en')} req/s in all over ${POLL_CONNECTIONS} connections, median of ${rounds} rounds (${reqs(p.runs)} req/s served)`,
        value: fmt(p.p99, 0, ' ms'),
        budget: `< ${b.pollP99Ms} ms`,
        ...judge(p.p99, (v) => v < b.pollP99Ms),
      });
    }
    const all = [
      ...r.lists.flatMap((l) => l.ours),
      ...r.small.flatMap((s) => s.ours),
      ...r.polled.flatMap((p) => p.runs),
      ...(r.oneRoom?.runs ?? []),
    ];
    verdicts.push({
      // The request count goes into the value, not the figure's name: it changes from run to
      // run, and repeat.mjs matches figures across runs by name.
      figure: `${r.building}: failed requests (non-2xx, errors, timeouts)`,
      value: `${all.reduce((sum, run) => sum + run.failures, 0)} of ${all.reduce((sum, run) => sum + run.total, 0).toLocaleString('en')}`,
      budget: '0',
      pass: all.every((run) => run.failures === 0),
    });
    for (const poll of r.pollBytes) {
      verdicts.push({
        figure: `${r.building}: bytes a client polling ${poll.name} moves per interval (request + answer, headers included; plain / gzip)`,
        value: `${kb(poll.plain)} / ${kb(poll.gzip)}`,
        budget: 'none',
        pass: null,
      });
    }
    verdicts.push({
      figure: `${r.building}: waited for the first start's history backfill before measuring`,
      value: `${r.backfillWaitS.toFixed(0)} s`,
      budget: 'none',
      pass: null,
    });
    verdicts.push({
      figure: `${r.building}: server RSS after the load runs`,
      value: `${r.rssMb.toFixed(1)} MB`,
      budget: big ? `≤ ${b.rssMb} MB` : 'none (the budget is on 1,000 rooms)',
      pass: big ? r.rssMb <= b.rssMb : null,
    });
  }
  return verdicts;
}

export function printVerdicts(title: string, verdicts: Verdict[]) {
  console.log(`\n${title}`);
  for (const v of verdicts) {
    console.log(`  ${verdictWord(v).padEnd(8)} ${v.figure}: ${v.value} (budget ${v.budget})`);
  }
}

async function main() {
  const started = Date.now();
  console.log(
    `Server bench: ${connections} connections at full load (${POLL_CONNECTIONS} at ${POLL_RATE} req/s for the polled answers), ${rounds} interleaved rounds of ${duration} s per run (after a ${warmupSeconds} s warm-up per URL, discarded), SIM_SPEED=0, LOG_LEVEL=warn${quick ? ', QUICK' : ''}`,
  );
  const results = await runServerBench();
  const verdicts = serverVerdicts(results);
  printVerdicts('Server figures (median of per-round values, min–max in brackets)', verdicts);
  console.log(`\nServer bench took ${Math.round((Date.now() - started) / 1000)} s`);
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ results, verdicts }, null, 2));
  }
  process.exitCode = verdicts.every((v) => v.pass !== false) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
