import http from 'node:http';
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { sendRequest } from '../test-support/http-probe.js';
import { createRandom } from '../test-support/prng.js';
import { startChildServer, type ChildServer } from '../test-support/spawn-server.js';
import { readRooms } from '../test-support/read-rooms.js';

// Power-cut test: the real server in its own process with a file database, killed with SIGKILL
// mid-stream, restarted on the same data folder. An answered write is a promise to the user.
const seed = Number(process.env.ROBUSTNESS_SEED ?? 20261121);
const rounds = 5;
const demo = { user: 'demo', password: 'demo1234' };
const auth = `Basic ${Buffer.from(`${demo.user}:${demo.password}`).toString('base64')}`;

interface Write {
  method: 'ziel' | 'soll';
  roomId: number;
  value: number;
}

interface RoomLog {
  /** The last write the server answered 200. */
  acknowledged: Write | null;
  /** Writes sent after it whose answer never came (in flight at the kill): may or may not be there. */
  inFlight: Write[];
}

interface WireRoom {
  id: number;
  solltemperatur: number;
  perm_solltemperatur: number;
  is_temporary_mode: boolean;
}

// Temporary targets on rooms 1–4, permanent ones on 5–7: both write paths are covered.
const writers: { method: Write['method']; roomId: number }[] = [
  { method: 'ziel', roomId: 1 },
  { method: 'ziel', roomId: 2 },
  { method: 'ziel', roomId: 3 },
  { method: 'ziel', roomId: 4 },
  { method: 'soll', roomId: 5 },
  { method: 'soll', roomId: 6 },
  { method: 'soll', roomId: 7 },
];

let server: ChildServer | null = null;
let dataDir: string | null = null;
afterAll(async () => {
  await server?.kill();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const readWireRooms = (origin: string) => readRooms<WireRoom>(origin, auth);

describe('answered writes survive a hard kill', () => {
  it(`keeps every write answered 200 across ${rounds} SIGKILLs at random points`, async () => {
    const random = createRandom(seed);
    let counter = 0;
    const logs = new Map<number, RoomLog>(
      writers.map((w) => [w.roomId, { acknowledged: null, inFlight: [] }]),
    );
    let acknowledgedTotal = 0;
    const unexpected: string[] = [];

    for (let round = 0; round < rounds; round += 1) {
      server = await startChildServer({
        entry: 'src',
        ...(dataDir ? { dataDir } : {}),
      });
      dataDir = server.dataDir;
      const origin = server.origin;

      // After a restart, each room holds its last answered write, or a later one that was sent.
      const rooms = await readWireRooms(origin);
      for (const [roomId, log] of logs) {
        if (!log.acknowledged) continue;
        const room = rooms.get(roomId)!;
        const stored =
          log.acknowledged.method === 'ziel' ? room.solltemperatur : room.perm_solltemperatur;
        const allowed = [log.acknowledged, ...log.inFlight].map((w) => w.value);
        expect(
          allowed,
          `room ${roomId} after restart ${round}: ${log.acknowledged.method} ${log.acknowledged.value} was answered 200, the room shows ${stored}`,
        ).toContain(stored);
        if (log.acknowledged.method === 'ziel') expect(room.is_temporary_mode).toBe(true);
      }

      const agent = new http.Agent({ keepAlive: true });
      let killed = false;
      const stream = writers.map(async ({ method, roomId }) => {
        const log = logs.get(roomId)!;
        while (!killed) {
          counter += 1;
          // 5.000 … 30.000 °C on the device's 0.125 grid: consecutive writes differ.
          const value = 5 + (counter % 201) * 0.125;
          const write: Write = { method, roomId, value };
          const fields = new URLSearchParams({
            user: demo.user,
            password: demo.password,
            ...(method === 'ziel'
              ? { ziel: String(value), duration: '1440' }
              : { soll: String(value) }),
          });
          log.inFlight.push(write);
          try {
            const answer = await sendRequest(
              origin,
              {
                method: 'POST',
                path: `/set/json/v1/1/${method}/${roomId}/`,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
                body: Buffer.from(fields.toString()),
              },
              agent,
            );
            if (answer.status === 200) {
              log.acknowledged = write;
              log.inFlight = [];
              acknowledgedTotal += 1;
            } else {
              unexpected.push(
                `${method} ${roomId} = ${value} answered ${answer.status}: ${answer.body.slice(0, 120)}`,
              );
              log.inFlight.pop();
              return;
            }
          } catch {
            // The connection died with the server: this write was never answered.
            return;
          }
        }
      });
      await new Promise((resolve) => setTimeout(resolve, random.int(150, 900)));
      killed = true;
      await server.kill();
      await Promise.all(stream);
      agent.destroy();
      expect(unexpected, 'valid writes must be answered 200').toEqual([]);
    }

    // Final restart and check, then a clean stop.
    server = await startChildServer({ entry: 'src', dataDir: dataDir! });
    const rooms = await readWireRooms(server.origin);
    for (const [roomId, log] of logs) {
      const room = rooms.get(roomId)!;
      const stored =
        log.acknowledged?.method === 'ziel' ? room.solltemperatur : room.perm_solltemperatur;
      expect([log.acknowledged?.value, ...log.inFlight.map((w) => w.value)]).toContain(stored);
    }
    // The test means something only if many writes were in the stream when the kills came.
    expect(acknowledgedTotal).toBeGreaterThan(rounds * writers.length * 3);
    await server.stop({ keepData: true });
    server = null;
  }, 90_000);
});
