import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import os from 'node:os';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FreePort from './free-port.js';

// The first free port the harness is handed is taken by the time postgres binds it.
const taken = vi.hoisted(() => ({ port: 0, handedOut: 0 }));
vi.mock('./free-port.js', async (original) => {
  const real = await original<typeof FreePort>();
  return {
    freePort: async () => {
      taken.handedOut += 1;
      return taken.handedOut === 1 ? taken.port : real.freePort();
    },
  };
});

const { startPostgres } = await import('./postgres.js');
const { freePort } = await vi.importActual<typeof FreePort>('./free-port.js');

const clusterFolders = () =>
  readdirSync(os.tmpdir()).filter((name) => name.startsWith('raumregler-postgres-'));

let blocker: Server | null = null;
afterEach(() => blocker?.close());

describe('the throw-away PostgreSQL cluster', () => {
  it('starts on another port when its free port is taken meanwhile, and leaves nothing behind', async () => {
    taken.port = await freePort();
    blocker = createServer();
    await new Promise<void>((resolve) => blocker!.listen(taken.port, '127.0.0.1', resolve));
    const before = clusterFolders();

    const cluster = await startPostgres();
    expect(cluster.port).not.toBe(taken.port);
    const client = new pg.Client({ connectionString: await cluster.newDatabase('second') });
    await client.connect();
    const me = await client.query('select current_user as me, current_database() as db');
    await client.end();
    expect(me.rows).toEqual([{ me: 'raumregler', db: 'second' }]);

    const mine = clusterFolders().filter((name) => !before.includes(name));
    expect(mine).toHaveLength(1);
    await cluster.stop();
    expect(existsSync(`${os.tmpdir()}/${mine[0]}`)).toBe(false);
  }, 60_000);
});
