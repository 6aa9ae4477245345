import type { CreatedToken } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { runCli } from './cli/commands.js';
import { CHANGES_CHANNEL } from './platform/database/changes.js';
import { manualClock, startTestNodes, type TestServer } from './test-support/test-server.js';

// Issue 37: two server nodes on one PostgreSQL, as behind a load balancer. A change of who may
// sign in, made through one node, ends the cached sign-ins on the other within a second, and
// failed sign-ins count once for both.
const INFO = '/api/get/json/v1/1/info/';
const VERWALTER: [string, string] = ['verwalter', 'verwalter1234'];
const DEMO: [string, string] = ['demo', 'demo1234'];

// The clock stands still: the caches' once-a-second re-read never comes due, so only the
// change feed can end a sign-in cached on node B.
const clock = manualClock('2026-11-25T10:00');
let a: TestServer;
let b: TestServer;
beforeEach(async () => {
  clock.set('2026-11-25T10:00');
  const nodes = await startTestNodes(2, { now: clock.now, config: { authFailureLimit: 4 } });
  [a, b] = [nodes[0]!, nodes[1]!];
}, 60_000);
afterEach(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

/** Polls until `request` answers `status`; answers how long that took, in ms. */
async function refusedWithin(request: () => Promise<Response>, status = 401): Promise<number> {
  const start = performance.now();
  await expect
    .poll(async () => (await request()).status, { timeout: 1_000, interval: 20 })
    .toBe(status);
  return performance.now() - start;
}

describe('sign-ins across two nodes on one PostgreSQL', () => {
  it('a password changed on node A is refused on node B within a second', async () => {
    // B has the old password cached (and A too).
    expect((await b.request(INFO, { auth: VERWALTER })).status).toBe(200);
    expect((await a.request(INFO, { auth: VERWALTER })).status).toBe(200);
    const body = new URLSearchParams({
      user: VERWALTER[0],
      password: VERWALTER[1],
      new_password: 'neues-passwort',
      new_password_confirmation: 'neues-passwort',
    });
    expect((await a.request('/api/user/password', { method: 'POST', body })).status).toBe(200);

    expect(await refusedWithin(() => b.request(INFO, { auth: VERWALTER }))).toBeLessThan(1_000);
    expect((await b.request(INFO, { auth: ['verwalter', 'neues-passwort'] })).status).toBe(200);
    // Nobody else's sign-in ended.
    expect((await b.request(INFO, { auth: DEMO })).status).toBe(200);
  });

  it('a token revoked on node A is refused on node B within a second', async () => {
    const created = await a.request('/api/tokens/', {
      method: 'POST',
      body: new URLSearchParams({
        user: DEMO[0],
        password: DEMO[1],
        name: 'Grafana',
        access: 'read',
      }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as CreatedToken;
    const temps = () =>
      b.request('/get/json/v1/1/temps/', { headers: { authorization: `Bearer ${token.token}` } });
    // Made on A, works on B (one TOKEN_SECRET), and is cached there now.
    expect((await temps()).status).toBe(200);

    const revoked = await a.request(`/api/tokens/${token.id}/`, { method: 'DELETE', auth: DEMO });
    expect(revoked.status).toBe(200);
    expect(await refusedWithin(temps)).toBeLessThan(1_000);
  });

  it('a member whose access ends on node A is refused on node B within a second', async () => {
    expect((await b.request(INFO, { auth: VERWALTER })).status).toBe(200);
    const removed = await a.request('/api/members/verwalter/', { method: 'DELETE', auth: DEMO });
    expect(removed.status).toBe(200);
    expect(await refusedWithin(() => b.request(INFO, { auth: VERWALTER }))).toBeLessThan(1_000);
  });

  it('a password set with the command line is refused on every node within a second', async () => {
    expect((await b.request(INFO, { auth: VERWALTER })).status).toBe(200);
    const said: string[] = [];
    const io = { out: (line: string) => said.push(line), err: (line: string) => said.push(line) };
    const argv = ['user', 'password', 'verwalter', '--password', 'vom-terminal-1'];
    // The CLI is a process of its own on the same database: it only writes, and announces.
    expect(await runCli(argv, { sql: a.app.sql, engine: 'postgres' }, io, clock.now)).toBe(0);
    expect(said).toEqual(['Password of "verwalter" changed.']);
    expect(await refusedWithin(() => b.request(INFO, { auth: VERWALTER }))).toBeLessThan(1_000);
    expect((await a.request(INFO, { auth: VERWALTER })).status).toBe(401);
  });

  it('after its feed reconnects, a node forgets every cached sign-in (it may have missed changes)', async () => {
    expect((await b.request(INFO, { auth: VERWALTER })).status).toBe(200);
    // A change no node announces (as if its notification were lost), then every node's LISTEN
    // connection dies: each reconnects and hears `house: null`.
    await a.app.sql
      .updateTable('users')
      .set({ password_hash: 'scrypt$nothing-matches' })
      .where('username', '=', 'verwalter')
      .execute();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
               where query = ${`LISTEN ${CHANGES_CHANNEL}`} and pid <> pg_backend_pid()`.execute(
      a.app.sql,
    );
    await expect
      .poll(async () => (await b.request(INFO, { auth: VERWALTER })).status, { timeout: 5_000 })
      .toBe(401);
  });

  it('counts failed sign-ins once for both nodes: spread over A and B, the client is blocked on each', async () => {
    const wrong: [string, string] = ['verwalter', 'falsch123'];
    // The limit is 4: two failures on each node.
    for (const node of [a, b, a, b]) {
      expect((await node.request(INFO, { auth: wrong })).status).toBe(401);
    }
    for (const node of [a, b]) {
      const blocked = await node.request(INFO, { auth: wrong });
      expect(blocked.status).toBe(429);
      expect(blocked.headers.get('retry-after')).toBe('300');
    }
    // The one audit entry of the limit starting to refuse, written by whichever node reached it.
    const refused = await a.app.sql
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'sign-in-refused')
      .execute();
    expect(refused).toHaveLength(1);
  });
});
