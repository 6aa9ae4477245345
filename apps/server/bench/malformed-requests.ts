import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { databaseChecksum } from '../src/test-support/db-checksum.js';
import {
  basic,
  createFuzzer,
  issue17Requests,
  issue31Requests,
  type FuzzTarget,
} from '../src/test-support/fuzzer.js';
import { sendRaw, sendRequest, type ProbeAnswer } from '../src/test-support/http-probe.js';
import { createRandom } from '../src/test-support/prng.js';
import { startChildServer } from '../src/test-support/spawn-server.js';

const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'x-content-type-options',
  'x-frame-options',
];

/** Sends `text` and never the rest; resolves with how long the server took to close. */
function stall(
  origin: string,
  text: string,
  limitMs: number,
): Promise<{ ms: number; answer: string }> {
  const url = new URL(origin);
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    let answer = '';
    const timer = setTimeout(() => socket.destroy(), limitMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ ms: Date.now() - started, answer });
    });
  });
}

/**
 * `npx tsx bench/malformed-requests.ts [count]`: starts the real server (from the sources, on a
 * fresh data folder), sends the requests of issues 17 and 31 and `count` generated malformed requests
 * (default 3000), then two stuck clients, and prints PASS/FAIL per promise.
 */
async function main() {
  const { default: Database } = await import('better-sqlite3');
  const demo = JSON.parse(
    readFileSync(
      new URL('../src/modules/building/seed/demo-building.json', import.meta.url),
      'utf8',
    ),
  ) as {
    floors: { rooms: { id: number }[] }[];
    users: { username: string; password: string; access: { smart: string } }[];
  };
  const target: FuzzTarget = {
    houseId: 1,
    roomIds: demo.floors.flatMap((floor) => floor.rooms.map((room) => room.id)),
    writer: demo.users.find((user) => user.access.smart === 'full')!,
    reader: demo.users.find((user) => user.access.smart === 'read')!,
  };
  const count = Number(process.argv[2] ?? 3000);
  const server = await startChildServer({ entry: 'src' });
  const checksum = () => {
    const db = new Database(path.join(server.dataDir, 'raumregler.sqlite'), { readonly: true });
    try {
      // The one row the attack itself should leave: the audit of the address it got blocked.
      return databaseChecksum(db, { ignoreRefusedSignIns: true });
    } finally {
      db.close();
    }
  };
  try {
    const before = checksum();
    const next = createFuzzer(createRandom(20261124), target);
    const fixed = [...issue17Requests(target), ...issue31Requests(target)];
    const requests = [...fixed, ...Array.from({ length: count }, next)];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const serverErrors: string[] = [];
    const hangs: string[] = [];
    const bare: string[] = [];
    const accepted: string[] = [];
    const wrongStatus: string[] = [];
    const echoed: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;
    const worker = async () => {
      while (index < requests.length) {
        const request = requests[index++]!;
        const what = `${request.label} → ${request.method} ${request.path.slice(0, 80)}`;
        const started = Date.now();
        let answer: ProbeAnswer | null = null;
        try {
          answer = request.raw
            ? await sendRaw(server.origin, request.raw)
            : await sendRequest(server.origin, request, agent, 5_000);
        } catch (error) {
          hangs.push(`${what}: ${String(error)}`);
          continue;
        }
        if (answer === null || Date.now() - started > 5_000) {
          hangs.push(`${what}: no answer (${Date.now() - started} ms)`);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500 || answer.status === 0)
          serverErrors.push(`${what}: ${answer.status}`);
        const missing = SECURITY_HEADER_NAMES.filter((name) => !answer.headers[name]);
        if (missing.length > 0)
          bare.push(`${what}: ${answer.status} without ${missing.join(', ')}`);
        if (request.kind === 'write' && answer.status < 300)
          accepted.push(`${what}: ${answer.status}`);
        if (request.status !== undefined && answer.status !== request.status)
          wrongStatus.push(`${what}: ${answer.status}, not ${request.status}`);
        if (request.echo !== undefined && answer.body.includes(request.echo))
          echoed.push(`${what}: ${answer.status} ${answer.body.slice(0, 120)}`);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    agent.destroy();
    const writer = basic(target.writer.username, target.writer.password);
    const stuck = await Promise.all([
      stall(server.origin, `GET /get/json/v1/1/temps/ HTTP/1.1\r\nHost: x\r\nX-Slow: 1`, 60_000),
      stall(
        server.origin,
        `POST /set/json/v1/1/ziel/${target.roomIds[0]}/ HTTP/1.1\r\nHost: x\r\nAuthorization: ${writer}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nziel=2`,
        60_000,
      ),
    ]);
    const after = checksum();

    const line = (ok: boolean, text: string, details: string[] = []) => {
      console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
      for (const detail of details.slice(0, 10)) console.log(`      ${detail}`);
    };
    console.log(
      `${requests.length} requests (${fixed.length} of issues 17 and 31, ${count} generated); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    line(serverErrors.length === 0, `${serverErrors.length} × 5xx`, serverErrors);
    line(hangs.length === 0, `${hangs.length} hangs (every request answered within 5 s)`, hangs);
    line(bare.length === 0, `${bare.length} answers without security headers`, bare);
    line(
      wrongStatus.length === 0,
      `${wrongStatus.length} answers other than the one status that is right (deep arrays 413, two Hosts and dates before 1970 400)`,
      wrongStatus,
    );
    line(
      echoed.length === 0,
      `${echoed.length} answers echoing a marker sent in the path or the fields`,
      echoed,
    );
    line(
      before === after && accepted.length === 0,
      `${before === after ? 0 : 1} state changes (database checksum), ${accepted.length} malformed writes accepted`,
      accepted,
    );
    line(
      stuck.every(({ ms, answer }) => ms < 45_000 && /^HTTP\/1\.1 408 /.test(answer)),
      `stuck clients cut off with 408 (${stuck.map(({ answer }) => answer.slice(0, 12) || 'nothing').join(', ')}): headers after ${(stuck[0]!.ms / 1000).toFixed(1)} s, body after ${(stuck[1]!.ms / 1000).toFixed(1)} s`,
    );
    const failed =
      serverErrors.length +
      hangs.length +
      bare.length +
      accepted.length +
      wrongStatus.length +
      echoed.length;
    process.exitCode = failed > 0 || before !== after ? 1 : 0;
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
