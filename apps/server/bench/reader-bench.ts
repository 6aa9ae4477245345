// `npm run bench:reader -w apps/server`: what the contract's device reader (issue 33,
// packages/contract/src/device-reader.ts) costs on the 1,000-room `temps/` (about 440 KB), the
// answer the web app reads on every refresh and the proxy's poll once per interval. Our server's
// own answer is taken over HTTP from the generated building; the same answer in a real device's
// shapes (`asContromeTemps`: numbers as text, integer modes, missing fields) beside it. Per kind
// the median of ROUNDS timings of: JSON.parse alone (today's cost), JSON.parse + readFloors.
// Informational: the budget is that a clean answer costs little more than its parse.
// Settings: BENCH_ROUNDS (default 200).
import { readFloors } from '@raumregler/contract';
import { asContromeTemps } from '@raumregler/contract/testing';
import type { Floor } from '@raumregler/contract';
import { generateBuilding, benchUser } from '../src/test-support/generate-building.js';
import { startTestServer } from '../src/test-support/test-server.js';
import { median } from './verdicts.js';

const ROUNDS = Math.max(20, Number(process.env.BENCH_ROUNDS ?? 200));

const server = await startTestServer({ seed: generateBuilding() });
const clean = await (
  await server.request('/api/get/json/v1/1/temps/', {
    auth: [benchUser.username, benchUser.password],
  })
).text();
await server.close();
const real = JSON.stringify(asContromeTemps(JSON.parse(clean) as Floor[]));

const time = (run: () => unknown) => {
  for (let i = 0; i < 20; i++) run();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return median(times);
};

const rows = [
  ['clean', clean],
  ['controme', real],
] as const;
console.log(`temps/ of ${generateBuilding().floors.length} floors, ${ROUNDS} rounds, median ms`);
for (const [kind, text] of rows) {
  const parse = time(() => JSON.parse(text));
  const read = time(() => readFloors(JSON.parse(text)));
  const kb = Math.round(Buffer.byteLength(text) / 1024);
  const parsed: unknown = JSON.parse(text);
  // A clean answer must come back as the very object: nothing copied.
  const same = readFloors(parsed) === parsed ? 'as it came' : 'copied';
  console.log(
    `${kind.padEnd(9)} ${String(kb).padStart(4)} KB  parse ${parse.toFixed(2)}  parse+read ${read.toFixed(2)}  read ${(read - parse).toFixed(2)}  (${same})`,
  );
}
