import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Floor } from '@raumregler/contract';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { EXTERNAL_CHECK_MS } from './modules/building/houses.js';
import { loadConfig, type Config } from './config.js';
import { SeedError } from './modules/building/seed.js';
import { openSeededDatabase } from './startup.js';
import { basic, demoSeed, manualClock } from './test-support/test-server.js';

let dir: string;
let config: Config;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'raumregler-start-'));
  config = { ...loadConfig({ DATA_DIR: dir, SIM_SPEED: '0' }), webDist: null, logLevel: 'silent' };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('start-up', () => {
  it('makes an existing DATA_DIR of mode 0755 0700, its database 0600 (issue 31)', async () => {
    chmodSync(dir, 0o755);
    const db = await openSeededDatabase(config, Date.now);
    await db.close();
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(config.databaseFile).mode & 0o777).toBe(0o600);
  });

  it('refuses a seed that breaks the shape, naming the bad field, and writes nothing', async () => {
    const seed = structuredClone(demoSeed()) as unknown as { users: { access: unknown }[] };
    seed.users[2]!.access = { smart: 'read', pro: 'admin' };
    const seedFile = path.join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const start = openSeededDatabase({ ...config, seedFile }, Date.now);
    await expect(start).rejects.toThrow(SeedError);
    await expect(openSeededDatabase({ ...config, seedFile }, Date.now)).rejects.toThrow(
      '$.users[2].access.pro',
    );
  });

  it('refuses a seed file whose houseId differs from HOUSE_ID, naming both, and writes nothing', async () => {
    const seed = structuredClone(demoSeed());
    seed.building.houseId = 7;
    const seedFile = path.join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const start = openSeededDatabase({ ...config, seedFile, houseId: 3 }, Date.now);
    await expect(start).rejects.toThrow(SeedError);
    await expect(openSeededDatabase({ ...config, seedFile, houseId: 3 }, Date.now)).rejects.toThrow(
      /houseId 7 .*differs from HOUSE_ID 3/,
    );
    // The same file starts when HOUSE_ID agrees, and the API answers under that house.
    const db = await openSeededDatabase({ ...config, seedFile, houseId: 7 }, Date.now);
    const app = await buildApp({ config: { ...config, houseId: 7 }, store: db, logger: false });
    try {
      const response = await app.inject({
        url: '/get/json/v1/7/info/',
        headers: { authorization: basic('demo', 'demo1234') },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('starts a seed file without houseId under any HOUSE_ID', async () => {
    const seed = structuredClone(demoSeed()) as unknown as { building: { houseId?: number } };
    delete seed.building.houseId;
    const seedFile = path.join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const db = await openSeededDatabase({ ...config, seedFile, houseId: 5 }, Date.now);
    const app = await buildApp({ config: { ...config, houseId: 5 }, store: db, logger: false });
    try {
      const response = await app.inject({
        url: '/get/json/v1/5/info/',
        headers: { authorization: basic('demo', 'demo1234') },
      });
      expect(response.json()).toMatchObject({ house_id: 5 });
    } finally {
      await app.close();
    }
  });

  it('in proxy mode brings the demo building without its users or demo login; a SEED_FILE as given', async () => {
    const proxy = {
      ...config,
      upstreamUrl: 'http://127.0.0.1:9',
      upstreamUser: 'geraet',
      upstreamPassword: 'geraet-pw',
    };
    const db = await openSeededDatabase(proxy, Date.now);
    const app = await buildApp({ config: proxy, store: db, logger: false });
    try {
      // A real socket: a refused sign-in's answer needs one (inject has none to close).
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const signIn = await fetch(`http://127.0.0.1:${port}/api/user`, {
        headers: { authorization: basic('demo', 'demo1234') },
      });
      expect(signIn.status).toBe(401);
      expect(await app.repos.users.list()).toEqual([]);
      const appConfig = await app.inject({ url: '/api/app-config' });
      expect(appConfig.json()).toMatchObject({ buildingName: 'Musterhaus', demoLogin: null });
    } finally {
      await app.close();
    }

    const seedFile = path.join(dir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(demoSeed()));
    const other = { ...proxy, databaseFile: path.join(dir, 'other.sqlite'), seedFile };
    const seeded = await openSeededDatabase(other, Date.now);
    try {
      const users = await seeded.sql.selectFrom('users').select('username').orderBy('id').execute();
      expect(users.map((row) => row.username)).toEqual([
        'demo',
        'verwalter',
        'bewohner',
        'techniker',
      ]);
    } finally {
      await seeded.close();
    }
  });

  it('shows changes other processes (the CLI) write into the database file', async () => {
    const db = await openSeededDatabase(config, Date.now);
    const app = await buildApp({ config, store: db, logger: false });
    try {
      const names = async () => {
        const response = await app.inject({
          url: '/get/json/v1/1/rooms/',
          headers: { authorization: basic('demo', 'demo1234') },
        });
        return (response.json() as { raeume: { name: string }[] }[])[0]!.raeume[0]!.name;
      };
      expect(await names()).toBe('Wohnzimmer');
      const other = new Database(config.databaseFile);
      // As the CLI writes: the change with the building's data version counted.
      other.prepare("UPDATE rooms SET name = 'Salon' WHERE id = 1").run();
      other.prepare('UPDATE buildings SET data_version = data_version + 1').run();
      other.close();
      await new Promise((resolve) => setTimeout(resolve, EXTERNAL_CHECK_MS + 50));
      expect(await names()).toBe('Salon');
    } finally {
      await app.close();
    }
  });

  it('lets a temporary target run out at its stored end, also across a restart', async () => {
    const clock = manualClock('2026-11-23T10:00');
    const boot = async () => {
      const app = await buildApp({
        config,
        store: await openSeededDatabase(config, clock.now),
        logger: false,
        now: clock.now,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      return { app, url: `http://127.0.0.1:${port}` };
    };
    const headers = { authorization: basic('demo', 'demo1234') };
    const living = async (url: string) =>
      ((await (await fetch(`${url}/get/json/v1/1/temps/`, { headers })).json()) as Floor[])[0]!
        .raeume[0]!;

    let running = await boot();
    const form = new FormData();
    form.set('ziel', '24');
    form.set('duration', '45');
    expect(
      (await fetch(`${running.url}/set/json/v1/1/ziel/1/`, { method: 'POST', headers, body: form }))
        .status,
    ).toBe(200);
    await running.app.close();

    clock.advance(30 * 60_000);
    running = await boot();
    expect(await living(running.url)).toMatchObject({ solltemperatur: 24, remaining_time: 900 });
    await running.app.close();

    clock.advance(15 * 60_000);
    running = await boot();
    expect(await living(running.url)).toMatchObject({
      solltemperatur: 21,
      is_temporary_mode: false,
    });
    await running.app.close();
  });
});
