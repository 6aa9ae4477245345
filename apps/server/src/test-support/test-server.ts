import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { buildApp, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openStore, type Store } from '../platform/database/store.js';
import { importSeed } from '../modules/building/seed-import.js';
import { startPostgres, type PostgresCluster } from './postgres.js';
import { parseSeed, type Seed } from '../modules/building/seed.js';
import demoBuilding from '../modules/building/seed/demo-building.json' with { type: 'json' };

export interface TestServer {
  app: FastifyInstance;
  /** http://127.0.0.1:PORT */
  url: string;
  /** fetch against the server with optional Basic credentials. */
  request: (path: string, init?: RequestInit & { auth?: [string, string] }) => Promise<Response>;
  close: () => Promise<void>;
}

export const demoSeed = (): Seed => parseSeed(structuredClone(demoBuilding));

/** A user of the demo building with no access in either area. */
export const GUEST: [string, string] = ['gast', 'gast12345'];

/** The demo building with `GUEST` added. */
export function demoSeedWithGuest(): Seed {
  const seed = demoSeed();
  seed.users.push({
    username: GUEST[0],
    email: 'gast@example.com',
    password: GUEST[1],
    firstName: 'Gabi',
    lastName: 'Gast',
    access: { smart: 'no-access', pro: 'no-access' },
  });
  return seed;
}

/** A clock tests move by hand: `clock.set('2026-11-23T10:00')` takes Berlin local time. */
export function manualClock(start: string) {
  let current = berlin(start);
  return {
    now: () => current,
    set: (local: string) => {
      current = berlin(local);
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** Epoch ms of a Europe/Berlin wall time 'YYYY-MM-DDTHH:MM[:SS]' (tests avoid DST edges here). */
export function berlin(local: string): number {
  const asUtc = Date.parse(`${local}Z`);
  const probe = new Date(asUtc);
  const summer = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    timeZoneName: 'short',
  })
    .format(probe)
    .includes('CEST');
  return asUtc - (summer ? 2 : 1) * 3_600_000;
}

export const basic = (username: string, password: string) =>
  `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

/**
 * The engine the test servers run on: SQLite (in memory, or the config's file) unless the
 * environment says `RAUMREGLER_TEST_ENGINE=postgres` (the server tests' PostgreSQL pass, in
 * vitest.config.ts): then each server gets a fresh migrated database of one throw-away cluster
 * per test file (stopped with the process).
 */
export const TEST_ENGINE =
  process.env.RAUMREGLER_TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
let cluster: Promise<PostgresCluster> | null = null;

async function testStore(config: Config): Promise<Store> {
  if (TEST_ENGINE === 'sqlite' || config.databaseUrl) return openStore(config);
  cluster ??= startPostgres();
  return openStore({ ...config, databaseUrl: await (await cluster).migratedDatabase() });
}

/** A real server on 127.0.0.1 with a fresh in-memory database seeded with the demo building. */
export async function startTestServer(
  options: {
    /** The building to import (default: the demo); null imports none (a second node). */
    seed?: Seed | null;
    config?: Partial<Config>;
    now?: () => number;
    timeouts?: AppOptions['timeouts'];
    /** Proxy mode's wait before a write's second read-back (default 2 s). */
    readBackRetryMs?: number;
    /** The app's own logger (at `config.logLevel`) writes here; without it nothing is logged. */
    logStream?: AppOptions['logStream'];
  } = {},
): Promise<TestServer> {
  const config: Config = {
    ...loadConfig({}),
    databaseFile: ':memory:',
    webDist: null,
    simSpeed: 0,
    logLevel: 'silent',
    ...options.config,
  };
  const store = await testStore(config);
  const now = options.now ?? Date.now;
  if (options.seed !== null) {
    // The seed is the server's own building (HOUSE_ID), as startup.ts imports one.
    const seed = options.seed ?? demoSeed();
    await importSeed(
      store.sql,
      { ...seed, building: { ...seed.building, houseId: config.houseId } },
      now(),
    );
  }
  const app = await buildApp({
    config,
    store,
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    now,
    timeouts: options.timeouts,
    readBackRetryMs: options.readBackRetryMs,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    url,
    request: (path, { auth, headers, ...init } = {}) =>
      fetch(`${url}${path}`, {
        ...init,
        headers: { ...(auth ? { authorization: basic(...auth) } : {}), ...headers },
      }),
    close: async () => {
      const closed = app.close();
      // Fastify's close ends idle keep-alive connections only, and waits for the rest: a
      // connection the test's fetch still held kept serving.test.ts's close waiting in one run of
      // two. Every test has its answers by the time it closes, so all connections can go.
      app.server.closeAllConnections();
      await closed;
    },
  };
}

/**
 * A fresh server for every test of the file (call at its top level): the clock is set back to
 * `at` (Berlin local time) before each, and the server closed after it.
 */
export function serverPerTest(
  at: string,
  options: Omit<Parameters<typeof startTestServer>[0], 'now'> = {},
) {
  const clock = manualClock(at);
  let server: TestServer | undefined;
  beforeEach(async () => {
    clock.set(at);
    server = await startTestServer({ ...options, now: clock.now });
  });
  afterEach(async () => {
    await server?.close();
  });
  return { clock, server: () => server! };
}

/**
 * Several server nodes on one fresh PostgreSQL database (issue 37), as behind a load balancer,
 * whatever RAUMREGLER_TEST_ENGINE says: the first imports the seed, and all share one
 * TOKEN_SECRET (as a deployment's nodes must, so that a token made on one works on the others).
 * Each listens to the change feed before it is handed out.
 */
export async function startTestNodes(
  count: number,
  options: Omit<NonNullable<Parameters<typeof startTestServer>[0]>, 'config'> & {
    config?: Partial<Config>;
  } = {},
): Promise<TestServer[]> {
  cluster ??= startPostgres();
  const config: Partial<Config> = {
    tokenSecret: randomBytes(32).toString('base64url'),
    ...options.config,
    databaseUrl: await (await cluster).migratedDatabase(),
  };
  const nodes: TestServer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const node = await startTestServer({ ...options, config, ...(i > 0 ? { seed: null } : {}) });
      nodes.push(node);
      await node.app.changes.ready;
    }
  } catch (error) {
    await Promise.all(nodes.map((node) => node.close()));
    throw error;
  }
  return nodes;
}
