import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster } from '../../test-support/postgres.js';
import { announceChange, createChangeFeed, type Change, type ChangeFeed } from './changes.js';
import { createLeases, LEASE_CLASS, type Leases } from './leases.js';
import { openPostgres, type PostgresDatabase } from './postgres.js';

let cluster: PostgresCluster;
let url: string;
beforeAll(async () => {
  cluster = await startPostgres();
  url = await cluster.migratedDatabase();
}, 60_000);
afterAll(async () => {
  await cluster?.stop();
});

const quiet = { warn: () => undefined, error: () => undefined };
const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const each of opened.splice(0).reverse()) await each.close();
});
const track = <T extends { close(): Promise<void> }>(thing: T) => {
  opened.push(thing);
  return thing;
};

/** A node's background work for one building: counts whether it runs. */
function work() {
  const state = { running: false, starts: 0 };
  return {
    state,
    start: () => {
      state.running = true;
      state.starts++;
    },
    stop: () => {
      state.running = false;
    },
  };
}

/** Ends every session of the database that holds a building lease (a node's death as seen by PostgreSQL). */
async function killLeaseHolders() {
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  try {
    await admin.query(
      `select pg_terminate_backend(pid) from pg_locks
        where locktype = 'advisory' and classid = $1 and granted`,
      [LEASE_CLASS],
    );
  } finally {
    await admin.end();
  }
}

describe('leases on PostgreSQL (several nodes)', () => {
  const node = (): Leases =>
    track(createLeases({ engine: 'postgres', url, retryMs: 200, log: quiet }));

  it("runs a building's work on exactly one node, and another takes over when that node dies", async () => {
    const [a, b] = [node(), node()];
    const [onA, onB] = [work(), work()];
    a.hold(7, onA);
    await expect.poll(() => onA.state.running).toBe(true);
    b.hold(7, onB);
    // B keeps trying, and never gets it while A holds it.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(onB.state.running).toBe(false);

    await killLeaseHolders();
    // A notices its lost connection and stops; B takes the building within its retry interval.
    await expect.poll(() => onA.state.running, { timeout: 5_000 }).toBe(false);
    await expect.poll(() => onB.state.running, { timeout: 5_000 }).toBe(true);
    // A reconnects and tries again, but B holds it now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(onA.state.running).toBe(false);
    expect(b.held()).toEqual([7]);
  });

  it('spreads buildings over the nodes that ask, and a released one goes to the next', async () => {
    const [a, b] = [node(), node()];
    const [a1, a2, b1, b2] = [work(), work(), work(), work()];
    a.hold(1, a1);
    await expect.poll(() => a1.state.running).toBe(true);
    b.hold(2, b2);
    await expect.poll(() => b2.state.running).toBe(true);
    a.hold(2, a2);
    b.hold(1, b1);
    expect(a.held()).toEqual([1]);
    await a.close();
    expect(a1.state.running).toBe(false);
    await expect.poll(() => b1.state.running, { timeout: 5_000 }).toBe(true);
    expect(b.held().sort()).toEqual([1, 2]);
  });
});

describe('leases on SQLite (one node)', () => {
  it('holds every lease at once and stops the work on release', async () => {
    const leases = createLeases({ engine: 'sqlite' });
    const one = work();
    const release = leases.hold(1, one);
    await expect.poll(() => one.state.running).toBe(true);
    await release();
    expect(one.state.running).toBe(false);
    await leases.close();
  });
});

describe('the change feed on PostgreSQL', () => {
  it('tells another node of a change once it commits, within a second, and never of a rolled-back one', async () => {
    const db: PostgresDatabase = track(await openPostgres(url));
    const a: ChangeFeed = track(createChangeFeed({ engine: 'postgres', url, log: quiet }));
    const b: ChangeFeed = track(createChangeFeed({ engine: 'postgres', url, log: quiet }));
    await Promise.all([a.ready, b.ready]);
    const heard: Change[] = [];
    b.listen((change) => heard.push(change));
    // The announcing node follows its own commit itself: it does not hear it back.
    const heardByA: Change[] = [];
    a.listen((change) => heardByA.push(change));

    await db.sql.transaction().execute((tx) => a.announce(tx, { house: 3, topic: 'rooms' }));
    await db.sql
      .transaction()
      .execute(async (tx) => {
        await a.announce(tx, { house: 4, topic: 'rooms' });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const sent = Date.now();
    await expect.poll(() => heard, { timeout: 1_000 }).toEqual([{ house: 3, topic: 'rooms' }]);
    expect(Date.now() - sent).toBeLessThan(1_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(heard).toEqual([{ house: 3, topic: 'rooms' }]);
    expect(heardByA).toEqual([]);
  });

  it('after a lost connection it reconnects and tells its listeners that anything may have changed', async () => {
    const feed = track(createChangeFeed({ engine: 'postgres', url, log: quiet }));
    await feed.ready;
    const heard: Change[] = [];
    feed.listen((change) => heard.push(change));
    const admin = new pg.Client({ connectionString: cluster.adminUrl });
    await admin.connect();
    await admin.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where query like 'LISTEN%'",
    );
    await admin.end();
    await expect
      .poll(() => heard, { timeout: 5_000 })
      .toContainEqual({
        house: null,
        topic: 'reconnected',
      });
    // And it listens again (to another process's announcement: its own do not come back).
    const db = track(await openPostgres(url));
    await db.sql
      .transaction()
      .execute((tx) => announceChange('postgres', tx, { house: 9, topic: 'users' }));
    await expect.poll(() => heard, { timeout: 2_000 }).toContainEqual({ house: 9, topic: 'users' });
  });
});
