// `npx tsx bench/answer-snapshot.ts > answers.txt` (in apps/server): the device API's answers
// (status and body) to a fixed script of reads, writes, refusals and two simulation steps, on the
// demo building and the 1,000-room one, with a fixed clock and fixed random numbers. Run it in
// two trees and `cmp` the files: a refactoring that changes no answer gives identical files.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/open.js';
import { importSeed } from '../src/db/seed-import.js';
import { parseSeed } from '../src/domain/seed.js';
import demo from '../src/seed/demo-building.json' with { type: 'json' };
import { generateBuilding, benchUser } from './generate-building.js';

let seedState = 42;
Math.random = () => {
  seedState = (seedState * 1103515245 + 12345) % 2147483648;
  return seedState / 2147483648;
};
const out: string[] = [];
for (const which of ['demo', 'large'] as const) {
  let now = Date.parse('2026-11-23T09:07:00Z');
  const config = {
    ...loadConfig({}),
    databaseFile: ':memory:',
    webDist: null,
    simSpeed: 1,
    logLevel: 'silent' as const,
  };
  const db = openDatabase(':memory:');
  const seed = which === 'demo' ? parseSeed(structuredClone(demo)) : generateBuilding();
  if (which === 'large') seed.users.push(...parseSeed(structuredClone(demo)).users);
  await importSeed(db, seed, now);
  const app = await buildApp({ config, db, logger: false, now: () => now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const basic = (pair: string) => ({
    authorization: `Basic ${Buffer.from(pair).toString('base64')}`,
  });
  const auth = basic(
    which === 'demo' ? 'demo:demo1234' : `${benchUser.username}:${benchUser.password}`,
  );
  const get = async (p: string) => {
    const r = await fetch(base + p, { headers: auth });
    out.push(`${which} GET ${p} ${r.status}\n${await r.text()}`);
  };
  const post = async (p: string, body: string) => {
    const r = await fetch(base + p, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    out.push(`${which} POST ${p} ${body} ${r.status}\n${await r.text()}`);
  };
  for (const m of ['temps', 'rooms', 'outs', 'info', 'permissions', 'temps/1', 'temps/2'])
    await get(`/get/json/v1/1/${m}/`);
  for (const p of ['/api/get/json/v1/1/temps/7/', '/api/user', '/get/json/v1/1/temps/x/'])
    await get(p);
  for (const [pair, p] of [
    ['bewohner:bewohner1234', '/set/json/v1/1/ziel/1/'],
    ['demo:wrong-password', '/set/json/v1/1/ziel/1/'],
    ['techniker:techniker1234', '/api/set/json/v1/1/ziel/4/'],
  ] as const) {
    const r = await fetch(base + p, {
      method: 'POST',
      headers: { ...basic(pair), 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ziel=22',
    });
    out.push(`${which} POST ${p} as ${pair.split(':')[0]} ${r.status}\n${await r.text()}`);
  }
  for (const [p, b] of [
    ['ziel/1/', 'ziel=23.3&duration=45'],
    ['ziel/2/', 'ziel=99'],
    ['ziel/2/', 'ziel=abc'],
    ['ziel/2/', 'ziel=21&duration=99999'],
    ['soll/1/', 'soll=20.5'],
    ['soll/3/', 'soll=19'],
    ['soll/2/', 'soll='],
    ['resettemp/1/', ''],
    ['resettemp/999/', ''],
    ['rooms/1/', 'action=betriebsart&value=off'],
    ['rooms/1/', 'action=betriebsart&value=on'],
    ['rooms/1/', 'action=betriebsart&value=Cooling'],
    ['rooms/1/', 'action=betriebsart&value=off'],
    ['rooms/1/', 'action=betriebsart&value=off'],
    ['rooms/1/', 'action=betriebsart&value=on'],
    ['rooms/2/', 'action=x&value=on'],
    ['rooms/2/', 'action=betriebsart&value=warm'],
    ['ziel/abc/', 'ziel=20'],
  ] as const)
    await post(`/set/json/v1/1/${p}`, b);
  seedState = 42; // avvio draws Math.random per plugin: start the simulation's draws alike
  now += 20 * 60_000;
  app.simulate();
  for (const m of ['temps', 'outs', 'temps/1']) await get(`/get/json/v1/1/${m}/`);
  now += 3 * 3600_000;
  app.simulate();
  for (const m of ['temps', 'outs']) await get(`/get/json/v1/1/${m}/`);
  await app.close();
}
process.stdout.write(out.join('\n') + '\n');
