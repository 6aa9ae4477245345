// `npm run bench:group -w apps/server`: a group temporary action on 100 rooms of the generated
// 1,000-room building against the embedded server, the way the web overview makes it: one
// `ziel/{roomId}/` per room (multipart with `ziel`, `duration`, `until` and the form
// credentials, as the web app sends writes), 6 in flight at a time (writeRooms' concurrency,
// a browser's connections per host), then one GET of temps (the overview's reload). Prints the
// wall time, per-request p50/p99, and PASS/FAIL against 10 s; then checks from that reload that
// all 100 rooms end at the same instant (one `until` for the whole action).
//
// The action runs BENCH_GROUP_ROUNDS times (default 3; a new target and end each time, as a
// repeated action would), against one server after one GET temps (the overview is open first).
// The verdict is on the slowest round. BENCH_JSON=file also writes the verdicts as JSON (for
// scripts/bench/run.mjs).
import { writeFileSync } from 'node:fs';
import type { Floor, Room } from '@raumregler/contract';
import { benchUser, generateBuilding } from '../src/test-support/generate-building.js';
import { startChildServer } from '../src/test-support/spawn-server.js';
import type { Verdict } from './server-bench.js';

export const groupBudgetMs = 10_000;
const ROOMS = 100;
const CONCURRENCY = 6;
const DURATION_MINUTES = 120;
const rounds = Math.max(1, Number(process.env.BENCH_GROUP_ROUNDS ?? 3));
const timeZone = process.env.TIME_ZONE ?? 'Europe/Berlin';

const wallFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone,
  dateStyle: 'short',
  timeStyle: 'medium',
});
/** The device-local wall time 'YYYY-MM-DDTHH:MM:SS' of an instant, as the overview sends it. */
const wallTime = (epochMs: number) => wallFormat.format(new Date(epochMs)).replace(' ', 'T');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Round {
  wallMs: number;
  p50Ms: number;
  p99Ms: number;
  failures: string[];
  until: string;
  /** The rooms whose mode_end_datetime after the reload is not `until` (or not temporary). */
  otherEnds: string[];
}

async function groupAction(origin: string, roomIds: number[], target: string): Promise<Round> {
  // One end for the whole action, on a whole minute ("bis 18:30"): a server that ignored
  // `until` would end each room at its own request's second, which the check below would see.
  const until = wallTime(Math.ceil(Date.now() / 60_000) * 60_000 + DURATION_MINUTES * 60_000);
  const latencies: number[] = [];
  const failures: string[] = [];
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < roomIds.length) {
      const id = roomIds[next++]!;
      const form = new FormData();
      form.set('user', benchUser.username);
      form.set('password', benchUser.password);
      form.set('ziel', target);
      form.set('duration', String(DURATION_MINUTES));
      form.set('until', until);
      const sent = performance.now();
      try {
        const response = await fetch(`${origin}/api/set/json/v1/1/ziel/${id}/`, {
          method: 'POST',
          body: form,
        });
        const body = await response.text();
        if (!response.ok) failures.push(`room ${id}: ${response.status} ${body.slice(0, 120)}`);
      } catch (error) {
        failures.push(`room ${id}: ${String(error)}`);
      }
      latencies.push(performance.now() - sent);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker()));
  const temps = await fetch(`${origin}/api/get/json/v1/1/temps/`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`,
      'accept-encoding': 'gzip',
    },
  });
  const floors = (await temps.json()) as Floor[];
  const wallMs = performance.now() - started;
  const byId = new Map<number, Room>(floors.flatMap((f) => f.raeume).map((r) => [r.id, r]));
  const otherEnds = roomIds
    .map((id) => byId.get(id))
    .filter((room) => !room?.is_temporary_mode || room.mode_end_datetime !== until)
    .map((room) => `${room?.id}: ${room?.mode_end_datetime ?? 'none'}`);
  latencies.sort((a, b) => a - b);
  return {
    wallMs,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
    until,
    otherEnds,
  };
}

export async function runGroupBench(): Promise<Verdict[]> {
  const server = await startChildServer({ seed: generateBuilding(20, 50) });
  try {
    // Every 10th room: a filtered selection spread over all 20 floors.
    const roomIds = Array.from({ length: ROOMS }, (_, i) => 1 + i * 10);
    // The overview is open before the action: its first GET temps is not part of the action.
    await fetch(`${server.origin}/api/get/json/v1/1/temps/`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`,
      },
    });
    const results: Round[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const result = await groupAction(server.origin, roomIds, (20 + round * 0.5).toFixed(1));
      results.push(result);
      console.log(
        `  round ${round + 1}: ${(result.wallMs / 1000).toFixed(2)} s for ${ROOMS} writes + 1 GET temps; per write p50 ${result.p50Ms.toFixed(1)} ms, p99 ${result.p99Ms.toFixed(1)} ms; ${result.failures.length} failed; until ${result.until}; ${ROOMS - result.otherEnds.length} of ${ROOMS} rooms end then`,
      );
      for (const failure of result.failures.slice(0, 5)) console.log(`    failed ${failure}`);
      for (const other of result.otherEnds.slice(0, 5)) console.log(`    ends otherwise ${other}`);
    }
    const slowest = results.reduce((a, b) => (b.wallMs > a.wallMs ? b : a));
    const failed = results.reduce((sum, r) => sum + r.failures.length, 0);
    const apart = results.reduce((sum, r) => sum + r.otherEnds.length, 0);
    return [
      {
        figure: `group temporary action, ${ROOMS} rooms of 1,000, ${CONCURRENCY} in flight + 1 GET temps, slowest of ${rounds} (per write p50 ${slowest.p50Ms.toFixed(1)} ms, p99 ${slowest.p99Ms.toFixed(1)} ms; ${failed} writes failed)`,
        value: `${(slowest.wallMs / 1000).toFixed(2)} s`,
        budget: `< ${groupBudgetMs / 1000} s, no write failed`,
        pass: slowest.wallMs < groupBudgetMs && failed === 0,
      },
      {
        figure: `group temporary action: rooms ending at the action's one until (mode_end_datetime), all ${rounds} rounds`,
        value: `${rounds * ROOMS - apart} / ${rounds * ROOMS}`,
        budget: 'all',
        pass: apart === 0,
      },
    ];
  } finally {
    await server.stop();
  }
}

async function main() {
  console.log(
    `Group-action bench: ${ROOMS} rooms of the generated 1,000-room building, ${CONCURRENCY} writes in flight, ${rounds} rounds, SIM_SPEED=0, LOG_LEVEL=warn`,
  );
  const verdicts = await runGroupBench();
  console.log('');
  for (const v of verdicts) {
    console.log(
      `  ${v.pass === null ? 'INFO' : v.pass ? 'PASS' : 'FAIL'}  ${v.figure}: ${v.value} (budget ${v.budget})`,
    );
  }
  if (process.env.BENCH_JSON) {
    writeFileSync(process.env.BENCH_JSON, JSON.stringify({ verdicts }, null, 2));
  }
  process.exitCode = verdicts.every((v) => v.pass !== false) ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
