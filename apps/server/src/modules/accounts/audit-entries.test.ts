import type { AuditEntry, AuditResponse } from '@raumregler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { manualClock, type TestServer } from '../../test-support/test-server.js';
import { form, post, startAccountsServer } from '../../test-support/accounts.js';
import { demo } from '../../test-support/writes.js';
import { newResetToken, tokenDigest } from './tokens.js';

const clock = manualClock('2026-11-25T10:00');
let server: TestServer;
beforeAll(async () => {
  server = await startAccountsServer(
    { allowRegistration: true, authFailureLimit: 2, authFailureWindowMs: 300_000 },
    clock.now,
  );
});
afterAll(async () => {
  await server.close();
});

async function entries(query: string): Promise<AuditEntry[]> {
  const response = await server.request(`/api/audit/${query}`, { auth: demo });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries;
}

const cli = async (...argv: string[]) => {
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  expect(await runCli(argv, server.app.store, io, clock.now), lines.join('\n')).toBe(0);
};

describe('account events in the audit log', () => {
  it('records users added, access changed and passwords changed on the CLI, without the password', async () => {
    await cli('user', 'add', 'anna', '--email', 'anna@example.com', '--password', 'geheim-anna-1');
    clock.advance(1000);
    await cli('user', 'access', 'anna', '--smart', 'full');
    clock.advance(1000);
    await cli('user', 'password', 'anna', '--password', 'geheim-anna-2');
    const log = await entries('?user=anna');
    expect(log).toMatchObject([
      { action: 'password-changed', user: null, source: 'cli', before: null, after: null },
      {
        action: 'access-changed',
        user: null,
        room: null,
        source: 'cli',
        before: { access_smart: 'no-access', access_pro: 'no-access' },
        after: { access_smart: 'full', access_pro: 'no-access' },
      },
      {
        action: 'user-added',
        source: 'cli',
        after: { username: 'anna', access_smart: 'no-access', access_pro: 'no-access' },
      },
    ]);
    expect(JSON.stringify(log)).not.toMatch(/geheim/);
  });

  it('writes no entry when the CLI refuses (unknown user, bad access)', async () => {
    const lines: string[] = [];
    const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
    expect(
      await runCli(
        ['user', 'access', 'nobody', '--smart', 'full'],
        server.app.store,
        io,
        clock.now,
      ),
    ).toBe(1);
    expect(
      await runCli(['user', 'access', 'anna', '--smart', 'all'], server.app.store, io, clock.now),
    ).toBe(2);
    expect(await entries('?user=nobody')).toEqual([]);
    expect((await entries('?user=anna')).filter((e) => e.action === 'access-changed')).toHaveLength(
      1,
    );
  });

  it('records a registration and a password reset by token as the user themself', async () => {
    const registered = await post(
      server,
      '/api/register',
      form({
        email: 'neu@example.com',
        password: 'geheim-neu',
        password_confirmation: 'geheim-neu',
      }),
      { 'X-Raumregler-Client': 'web' },
    );
    expect(registered.status).toBe(201);
    const user = (await server.app.repos.users.findByEmail('neu@example.com'))!;
    const token = newResetToken();
    await server.app.commit((tx) =>
      server.app.accounts.resetTokens.create(
        tx,
        user.id,
        tokenDigest(token),
        clock.now() + 3_600_000,
        clock.now(),
      ),
    );
    const reset = await post(
      server,
      '/api/reset-password',
      form({
        email: 'neu@example.com',
        token,
        password: 'geheim-neu-2',
        password_confirmation: 'geheim-neu-2',
      }),
    );
    expect(reset.status).toBe(200);
    const log = await entries('?user=neu@example.com');
    expect(log).toMatchObject([
      { action: 'password-reset', user: 'neu@example.com', source: 'api' },
      {
        action: 'user-added',
        user: 'neu@example.com',
        source: 'app',
        after: { username: 'neu@example.com', access_smart: 'no-access' },
      },
    ]);
    // The used token again: refused, and no second entry.
    const again = await post(
      server,
      '/api/reset-password',
      form({
        email: 'neu@example.com',
        token,
        password: 'geheim-neu-3',
        password_confirmation: 'geheim-neu-3',
      }),
    );
    expect(again.status).toBe(400);
    expect(await entries('?user=neu@example.com')).toHaveLength(2);
    expect(JSON.stringify(log)).not.toMatch(/geheim/);
  });

  it('records one entry when the failure limit starts refusing a sign-in, not one per failure', async () => {
    const tries = async (username: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        const response = await server.request('/get/json/v1/1/info/', {
          auth: [username, `falsch-${i}`],
        });
        statuses.push(response.status);
      }
      return statuses;
    };
    // AUTH_FAILURE_LIMIT=2: the second failure blocks the pair; the rest are refused with 429.
    expect(await tries('demo', 5)).toEqual([401, 401, 429, 429, 429]);
    const refused = await entries('?user=demo');
    expect(refused.filter((entry) => entry.action === 'sign-in-refused')).toMatchObject([
      {
        user: 'demo',
        source: 'api',
        room: null,
        after: { scope: 'account', client: '127.0.0.1', failures: 2, blocked_seconds: 300 },
      },
    ]);
    // The address as a whole is refused at 5 × 2 = 10 failures, whatever the names: one entry.
    for (let i = 0; i < 8; i++) await tries(`gast${i}`, 1);
    const byAddress = (await entries('?limit=1000')).filter(
      (entry) => entry.action === 'sign-in-refused' && entry.after?.scope === 'address',
    );
    // The name that reached the limit is no account: the entry names none.
    expect(byAddress).toMatchObject([
      { user: null, after: { scope: 'address', account: 'unknown', failures: 10 } },
    ]);
    const all = JSON.stringify(await entries('?limit=1000'));
    expect(all).not.toMatch(/falsch/);
    expect(all).not.toMatch(/gast\d/);
  }, 30_000);

  it('names the refused account as stored, and never keeps a name that is no account', async () => {
    // After the previous test's window: this address is free again.
    clock.advance(300_000);
    const refuse = async (username: string) => {
      for (let i = 0; i < 2; i++) {
        const response = await server.request('/get/json/v1/1/info/', {
          auth: [username, `falsch-${i}`],
        });
        expect(response.status).toBe(401);
      }
    };
    // Someone typed the password into the name field: refused, audited without it.
    await refuse('Geheim-im-Namensfeld-7');
    // A known name in other case: the account as stored.
    await refuse('VerWalter');
    const refused = (await entries('?limit=1000')).filter(
      (entry) => entry.action === 'sign-in-refused' && entry.after?.scope === 'account',
    );
    expect(refused.slice(0, 2)).toMatchObject([
      { user: 'verwalter', after: { scope: 'account', failures: 2 } },
      { user: null, after: { scope: 'account', account: 'unknown', failures: 2 } },
    ]);
    expect(refused[0]!.after).not.toHaveProperty('account');
    expect(JSON.stringify(await entries('?limit=1000'))).not.toMatch(/Geheim-im-Namensfeld/i);
    const stored = server.app.store.sqlite!.prepare('SELECT * FROM audit_log').all();
    expect(JSON.stringify(stored)).not.toMatch(/Geheim-im-Namensfeld/i);
    expect(JSON.stringify(stored)).not.toContain('VerWalter');
  }, 30_000);
});
