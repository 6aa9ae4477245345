import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli/commands.js';
import { manualClock, startTestNodes, type TestServer } from './test-support/test-server.js';

/**
 * Issue 37: two nodes on one PostgreSQL answer alike: a 304 of one holds on the other (the ETag
 * names the answer's bytes), a change on one shows on the other within a second, and a building
 * a user holds no access in is unknown to them on every node.
 */
const DEMO: [string, string] = ['demo', 'demo1234'];
const BEWOHNER: [string, string] = ['bewohner', 'bewohner1234'];
const clock = manualClock('2026-11-27T10:00');
let nodes: TestServer[];

beforeAll(async () => {
  nodes = await startTestNodes(2, { now: clock.now });
}, 60_000);
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.close()));
});

describe('two nodes', () => {
  it('answer with the same ETag, so a 304 of one node holds on the other', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const first = await a.request('/get/json/v1/1/temps/', {
      auth: DEMO,
      headers: { 'accept-encoding': 'identity' },
    });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await b.request('/get/json/v1/1/temps/', {
      auth: DEMO,
      headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    // A change on A: B's answer is new within a second, and the old ETag no longer matches.
    const set = await a.request('/set/json/v1/1/soll/1/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: '23.5' }),
    });
    expect(set.status).toBe(200);
    const until = Date.now() + 1_000;
    let status = 304;
    while (status === 304 && Date.now() < until) {
      status = (
        await b.request('/get/json/v1/1/temps/', {
          auth: DEMO,
          headers: { 'accept-encoding': 'identity', 'if-none-match': etag },
        })
      ).status;
    }
    expect(status).toBe(200);
  });

  it('refuse a building the user holds no access in, on every node', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const out: string[] = [];
    const cli = (...argv: string[]) =>
      runCli(
        argv,
        a.app.store,
        { out: (line) => out.push(line), err: (line) => out.push(line) },
        clock.now,
      );
    expect(await cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord')).toBe(0);
    expect(await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full')).toBe(0);
    for (const node of [a, b]) {
      const until = Date.now() + 5_000;
      while (!node.app.houses.get(2) && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const own = await node.request('/get/json/v1/2/temps/', { auth: DEMO });
      expect(own.status).toBe(200);
      for (const path of ['/get/json/v1/2/temps/', '/api/alarms/?house=2', '/api/audit/?house=2']) {
        const refused = await node.request(path, { auth: BEWOHNER });
        expect(refused.status, path).toBe(404);
      }
      // Building 1 stays theirs.
      expect((await node.request('/get/json/v1/1/temps/', { auth: BEWOHNER })).status).toBe(200);
    }
  });
});
