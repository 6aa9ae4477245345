import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../test-support/postgres.js';
import { createLeases } from '../database/leases.js';
import type { Engine } from '../database/schema.js';
import backgroundPlugin from './plugin.js';

const quiet = { warn: () => undefined, error: () => undefined };
const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

/** A node: the leases of the database plugin (nothing else of it) and the background plugin. */
async function node(engine: Engine, url?: string) {
  const app = Fastify({ logger: false });
  apps.push(app);
  const leases = createLeases({ engine, url, retryMs: 200, log: quiet });
  await app.register(
    fp(
      async (instance) => {
        instance.decorate('engine', engine);
        instance.decorate('leases', leases);
        instance.addHook('onClose', () => leases.close());
      },
      { name: 'database' },
    ),
  );
  await app.register(backgroundPlugin);
  return app;
}

/** Records what a building's pieces of work did, in order. */
function journal() {
  const lines: string[] = [];
  const work = (name: string, failing = false) => ({
    name,
    start: async () => {
      await Promise.resolve();
      if (failing) throw new Error(`${name} cannot start`);
      lines.push(`start ${name}`);
    },
    stop: () => {
      lines.push(`stop ${name}`);
    },
  });
  return { lines, work };
}

describe('background work on SQLite (one node)', () => {
  it('starts every building’s work in order when ready, and stops it in reverse before closing', async () => {
    const app = await node('sqlite');
    const { lines, work } = journal();
    app.background.add(1, work('simulation'));
    app.background.add(1, work('broken', true));
    app.background.add(1, work('alarms'));
    expect(app.background.running(1)).toBe(false);
    await app.ready();
    // The one that failed is left out; the others run.
    expect(lines).toEqual(['start simulation', 'start alarms']);
    expect(app.background.running(1)).toBe(true);
    apps.pop();
    await app.close();
    expect(lines).toEqual(['start simulation', 'start alarms', 'stop alarms', 'stop simulation']);
    expect(app.background.running(1)).toBe(false);
  });
});

describe('background work on PostgreSQL (several nodes)', () => {
  let cluster: PostgresCluster;
  let url: string;
  beforeAll(async () => {
    cluster = await startPostgres();
    url = await cluster.newDatabase();
  }, 60_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('runs a building’s work on one node; another starts all of it once that node is gone', async () => {
    const [a, b] = [await node('postgres', url), await node('postgres', url)];
    const [onA, onB] = [journal(), journal()];
    for (const [app, { work }] of [
      [a, onA],
      [b, onB],
    ] as const) {
      app.background.add(7, work('simulation'));
      app.background.add(7, work('alarms'));
    }
    await a.ready();
    await expect.poll(() => onA.lines).toEqual(['start simulation', 'start alarms']);
    await b.ready();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(onB.lines).toEqual([]);
    expect(b.background.running(7)).toBe(false);

    apps.splice(apps.indexOf(a), 1);
    await a.close();
    expect(onA.lines.slice(2)).toEqual(['stop alarms', 'stop simulation']);
    await expect
      .poll(() => onB.lines, { timeout: 5_000 })
      .toEqual(['start simulation', 'start alarms']);
    expect(b.background.running(7)).toBe(true);
  });
});
