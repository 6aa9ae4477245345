import http from 'node:http';
import { rmSync } from 'node:fs';
import type { AuditResponse } from '@raumregler/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../test-support/http-probe.js';
import { createRandom } from '../test-support/prng.js';
import { startChildServer, type ChildServer } from '../test-support/spawn-server.js';
import { readRooms } from '../test-support/read-rooms.js';

// Power-cut test of the audit log: the real server in its own process with a file database,
// killed with SIGKILL while writes stream in, restarted on the same data folder. Every write
// answered 200 must be there after the restart, and so must its audit entry: the change and the
// entry commit in one transaction, or neither does.
const seed = Number(process.env.ROBUSTNESS_SEED ?? 20261124);
// 5 rounds in the Vitest suite; `npm run crash-audit -w apps/server` runs 20 (the issue's
// minimum), which takes a few minutes on a busy machine (each start runs the sources via tsx).
const rounds = Number(process.env.CRASH_AUDIT_ROUNDS ?? 5);
const demo = { user: 'demo', password: 'demo1234' };
const auth = `Basic ${Buffer.from(`${demo.user}:${demo.password}`).toString('base64')}`;

interface Write {
  method: 'ziel' | 'soll';
  roomId: number;
  value: number;
}

// Temporary targets from a tool at the root (source api), permanent ones through /api with the
// web app's header (source app).
const writers = [
  { method: 'ziel', roomId: 1, app: false },
  { method: 'ziel', roomId: 2, app: false },
  { method: 'ziel', roomId: 3, app: true },
  { method: 'soll', roomId: 5, app: true },
  { method: 'soll', roomId: 6, app: false },
] as const;

interface WireRoom {
  id: number;
  solltemperatur: number;
  perm_solltemperatur: number;
}

let server: ChildServer | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const readWireRooms = (origin: string) => readRooms<WireRoom>(origin, auth);

async function auditOf(origin: string, roomId: number, from: number) {
  const query = new URLSearchParams({
    room: String(roomId),
    from: new Date(from).toISOString(),
    limit: '1000',
  });
  const response = await fetch(`${origin}/api/audit/?${query}`, {
    headers: { authorization: auth },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries;
}

interface Round {
  startedAt: number;
  /** Per room: the writes answered 200, in order, and those sent but never answered. */
  acknowledged: Map<number, Write[]>;
  inFlight: Map<number, Write[]>;
}

/** After a restart: every acknowledged write of the round before has its entry, and the room its value. */
async function checkRound(origin: string, round: Round, label: string) {
  const rooms = await readWireRooms(origin);
  for (const writer of writers) {
    const acknowledged = round.acknowledged.get(writer.roomId)!;
    const inFlight = round.inFlight.get(writer.roomId)!;
    const entries = await auditOf(origin, writer.roomId, round.startedAt);
    const recorded = entries.map((entry) => entry.after?.target);
    for (const write of acknowledged) {
      expect(
        recorded,
        `${label}: ${write.method} ${write.value} in room ${write.roomId} was answered 200; its audit entry is missing`,
      ).toContain(write.value);
    }
    expect(entries.length, `${label}: room ${writer.roomId}`).toBeGreaterThanOrEqual(
      acknowledged.length,
    );
    expect(entries.length).toBeLessThanOrEqual(acknowledged.length + inFlight.length);
    expect(
      entries.every(
        (entry) =>
          entry.action === writer.method &&
          entry.user === 'demo' &&
          entry.source === (writer.app ? 'app' : 'api'),
      ),
    ).toBe(true);
    const last = acknowledged.at(-1);
    if (last) {
      const room = rooms.get(writer.roomId)!;
      const stored = last.method === 'ziel' ? room.solltemperatur : room.perm_solltemperatur;
      expect([last.value, ...inFlight.map((write) => write.value)]).toContain(stored);
    }
  }
}

describe('acknowledged writes keep their audit entries across hard kills', () => {
  it(
    `finds every write answered 200 and its entry after each of ${rounds} SIGKILLs`,
    async () => {
      const random = createRandom(seed);
      let counter = 0;
      let acknowledgedTotal = 0;
      let previous: Round | null = null;
      const unexpected: string[] = [];

      for (let index = 0; index <= rounds; index += 1) {
        server = await startChildServer({ entry: 'src', ...(dataDir ? { dataDir } : {}) });
        dataDir = server.dataDir;
        const origin = server.origin;
        if (previous) await checkRound(origin, previous, `after kill ${index}`);
        if (index === rounds) break;

        const round: Round = {
          startedAt: Date.now(),
          acknowledged: new Map(writers.map((w) => [w.roomId, []])),
          inFlight: new Map(writers.map((w) => [w.roomId, []])),
        };
        const agent = new http.Agent({ keepAlive: true });
        let killed = false;
        let firstAnswer = () => {};
        const answering = new Promise<void>((resolve) => (firstAnswer = resolve));
        const stream = writers.map(async ({ method, roomId, app }) => {
          while (!killed) {
            counter += 1;
            // 5.000 … 30.000 °C on the device's 0.125 grid; a round never repeats a value.
            const value = 5 + (counter % 201) * 0.125;
            const write: Write = { method, roomId, value };
            const fields = new URLSearchParams({
              user: demo.user,
              password: demo.password,
              ...(method === 'ziel'
                ? { ziel: String(value), duration: '1440' }
                : { soll: String(value) }),
            });
            round.inFlight.get(roomId)!.push(write);
            try {
              const answer = await sendRequest(
                origin,
                {
                  method: 'POST',
                  path: `${app ? '/api' : ''}/set/json/v1/1/${method}/${roomId}/`,
                  headers: {
                    'content-type': 'application/x-www-form-urlencoded',
                    ...(app ? { 'x-raumregler-client': 'web' } : {}),
                  },
                  body: Buffer.from(fields.toString()),
                },
                agent,
              );
              round.inFlight.get(roomId)!.pop();
              if (answer.status !== 200) {
                unexpected.push(`${method} ${roomId} = ${value} answered ${answer.status}`);
                return;
              }
              round.acknowledged.get(roomId)!.push(write);
              acknowledgedTotal += 1;
              firstAnswer();
            } catch {
              // The connection died with the server: this write was never answered.
              return;
            }
          }
        });
        // The kill comes at a random point once writes are being answered (the first one waits
        // for the sign-in's scrypt), so it hits the stream, not the start.
        await Promise.race([answering, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        await new Promise((resolve) => setTimeout(resolve, random.int(50, 400)));
        killed = true;
        await server.kill();
        await Promise.all(stream);
        agent.destroy();
        expect(unexpected, 'valid writes must be answered 200').toEqual([]);
        previous = round;
      }

      // The test means something only if many writes were in the stream when the kills came.
      expect(acknowledgedTotal).toBeGreaterThanOrEqual(rounds * writers.length);
      await server!.stop({ keepData: true });
      server = null;
    },
    30_000 + rounds * 15_000,
  );
});
