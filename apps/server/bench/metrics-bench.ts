// `npm run bench:metrics -w apps/server`: one Prometheus scrape (`GET /metrics`, issue 35) of the
// generated 1,000-room building, in process on a real port with Basic credentials, as a
// Prometheus server asks every 15 s. Printed: the median and p99 of BENCH_METRICS_SCRAPES (200)
// scrapes, timed to the last byte, and the body's size plain and as Prometheus fetches it
// (gzip). A few alarms are open (10 rooms too cold), so every family has samples. Informational
// (no budget): the figures are quoted in docs/performance.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { sqliteSql } from '../src/platform/database/sql.js';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/platform/database/open.js';
import { importSeed } from '../src/modules/building/seed-import.js';
import { benchUser, generateBuilding } from '../src/test-support/generate-building.js';
import { sqliteStore } from '../src/platform/database/store.js';

const scrapes = Math.max(20, Number(process.env.BENCH_METRICS_SCRAPES ?? 200));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'raumregler-metrics-bench-'));
  const now = Date.UTC(2026, 10, 23, 9, 0);
  const db = openDatabase(':memory:');
  await importSeed(sqliteSql(db), generateBuilding(20, 50), now);
  const config = {
    ...loadConfig({}),
    databaseFile: ':memory:',
    dataDir,
    webDist: null,
    simSpeed: 0,
    logLevel: 'warn',
  };
  const app = await buildApp({ config, store: sqliteStore(db), logger: false, now: () => now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const authorization = `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`;
  try {
    // Some open alarms and a history sample, as a running server has them.
    app.alarmsOf(app.houses.own()).evaluate(
      Array.from({ length: 10 }, (_, i) => ({
        roomId: i * 100 + 1,
        mode: 'Heating',
        target: 21,
        temperature: 12,
        reportedAt: now,
      })),
      now,
    );
    await app.historyOf(app.houses.own()).tick();
    // Some requests to time, on a few routes.
    for (let i = 0; i < 50; i++) {
      await fetch(`${url}/get/json/v1/1/temps/${(i % 1000) + 1}/`, { headers: { authorization } });
    }
    // node:http, not fetch: fetch would unpack the gzip body before its size is seen.
    const agent = new http.Agent({ keepAlive: true });
    const scrape = (encoding: string) =>
      new Promise<{ ms: number; body: Buffer }>((resolve, reject) => {
        const started = performance.now();
        const request = http.get(
          `${url}/metrics`,
          { agent, headers: { authorization, 'accept-encoding': encoding } },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () => {
              if (response.statusCode !== 200) {
                reject(new Error(`/metrics answered ${response.statusCode}`));
              } else resolve({ ms: performance.now() - started, body: Buffer.concat(chunks) });
            });
          },
        );
        request.on('error', reject);
      });
    // Warm up: the first scrape starts the process' collectors.
    for (let i = 0; i < 10; i++) await scrape('identity');
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < scrapes; i++) {
      const { ms, body } = await scrape('identity');
      times.push(ms);
      size = body.length;
    }
    const gzipTimes: number[] = [];
    let gzipSize = 0;
    for (let i = 0; i < scrapes; i++) {
      const { ms, body } = await scrape('gzip');
      gzipTimes.push(ms);
      gzipSize = body.length;
    }
    const { body } = await scrape('identity');
    const series = body
      .toString()
      .split('\n')
      .filter((line) => line.startsWith('raumregler_room_')).length;
    const sorted = times.sort((a, b) => a - b);
    const gzipSorted = gzipTimes.sort((a, b) => a - b);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
    console.log(`Metrics bench: GET /metrics on the 1,000-room building, ${scrapes} scrapes each`);
    console.log(`  ${series} room samples`);
    console.log(
      `  plain: median ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, ${kb(size)}`,
    );
    console.log(
      `  gzip (as Prometheus asks): median ${percentile(gzipSorted, 50).toFixed(1)} ms, p99 ${percentile(gzipSorted, 99).toFixed(1)} ms, ${kb(gzipSize)}`,
    );
    const cpu = process.cpuUsage();
    console.log(`  process CPU in all: ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
  } finally {
    app.server.closeAllConnections();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
