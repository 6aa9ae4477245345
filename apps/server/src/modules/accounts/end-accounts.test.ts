import type { AuditResponse } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { serverPerTest, type TestServer } from '../../test-support/test-server.js';
import { demo } from '../../test-support/writes.js';
import { createResetTokensRepository } from './reset-tokens-repository.js';

// Issue 31: accounts can be ended on the command line, and a running server takes it within a
// second (it reads a signed-in user again at most every second).
const { clock, server } = serverPerTest('2026-11-25T10:00');
const VERWALTER: [string, string] = ['verwalter', 'verwalter1234'];
const TECHNIKER: [string, string] = ['techniker', 'techniker1234'];
const INFO = '/api/get/json/v1/1/info/';

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(
    argv,
    server().app.store,
    { out: (line) => out.push(line), err: (line) => err.push(line) },
    clock.now,
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const status = async (app: TestServer, auth: [string, string]) =>
  (await app.request(INFO, { auth })).status;

async function accountLog(user: string) {
  const response = await server().request(`/api/audit/?user=${user}`, { auth: demo });
  return ((await response.json()) as AuditResponse).entries;
}

describe('user disable / enable / delete', () => {
  it('refuses a disabled user on the next request after a second, cached sign-in or not', async () => {
    expect(await status(server(), VERWALTER)).toBe(200);
    expect((await cli('user', 'disable', 'verwalter')).code).toBe(0);
    clock.advance(1000);
    // The same header as before (a cached sign-in) and a new sign-in: both the 401 of a wrong
    // password.
    const cached = await server().request(INFO, { auth: VERWALTER });
    expect(cached.status).toBe(401);
    expect(await cached.json()).toEqual({
      error: 'unauthorized',
      message: 'The login details are incorrect.',
    });
    const form = new FormData();
    form.append('user', 'verwalter');
    form.append('password', 'verwalter1234');
    form.append('ziel', '21');
    form.append('duration', '60');
    const write = await server().request('/api/set/json/v1/1/ziel/1/', {
      method: 'POST',
      body: form,
    });
    expect(write.status).toBe(401);

    expect((await cli('user', 'enable', 'verwalter')).code).toBe(0);
    expect(await status(server(), VERWALTER)).toBe(200);
    expect((await cli('user', 'list')).out).toMatch(/^verwalter\t.*pro=permanent$/m);
  });

  it('refuses a deleted user after a second, and keeps their audit entries', async () => {
    expect(await status(server(), VERWALTER)).toBe(200);
    const deleted = await cli('user', 'delete', 'verwalter');
    expect(deleted).toMatchObject({ code: 0, out: 'Deleted user "verwalter".' });
    clock.advance(1000);
    expect(await status(server(), VERWALTER)).toBe(401);
    expect((await cli('user', 'list')).out).not.toContain('verwalter');
    expect(await accountLog('verwalter')).toMatchObject([
      {
        action: 'user-removed',
        user: null,
        source: 'cli',
        before: { username: 'verwalter', access_smart: 'permanent', access_pro: 'permanent' },
      },
    ]);
  });

  it('records disabling and enabling, and only real changes', async () => {
    await cli('user', 'disable', 'bewohner');
    expect((await cli('user', 'disable', 'bewohner')).out).toBe('"bewohner" was disabled already.');
    clock.advance(1000);
    await cli('user', 'enable', 'bewohner');
    const log = await accountLog('bewohner');
    expect(log.map((entry) => [entry.action, entry.source])).toEqual([
      ['user-enabled', 'cli'],
      ['user-disabled', 'cli'],
    ]);
  });

  it('refuses to disable or delete the last user with full access in any area, and says why', async () => {
    // demo (full, full) and techniker (pro full) manage the building: one may go.
    expect((await cli('user', 'delete', 'demo')).code).toBe(0);
    for (const command of ['disable', 'delete']) {
      const refused = await cli('user', command, 'techniker');
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('"techniker" is the last user');
      expect(refused.err).toContain('full access');
    }
    clock.advance(1000);
    expect(await status(server(), TECHNIKER)).toBe(200);
    // Another manager makes room; a disabled one would not.
    await cli('user', 'access', 'bewohner', '--smart', 'full');
    await cli('user', 'disable', 'bewohner');
    expect((await cli('user', 'delete', 'techniker')).code).toBe(1);
    await cli('user', 'enable', 'bewohner');
    expect((await cli('user', 'delete', 'techniker')).code).toBe(0);
  });

  it('deletes the reset tokens with the user (foreign key)', async () => {
    const { sql } = server().app;
    const tokens = createResetTokensRepository(sql);
    const techniker = (await cli('user', 'list')).out.includes('techniker');
    expect(techniker).toBe(true);
    const { id } = await sql
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'techniker')
      .executeTakeFirstOrThrow();
    await server().app.commit((tx) =>
      tokens.create(tx, id, 'digest-1', clock.now() + 60_000, clock.now()),
    );
    expect(await tokens.findByHash('digest-1')).not.toBeNull();
    await cli('user', 'delete', 'techniker');
    expect(await tokens.findByHash('digest-1')).toBeNull();
  });

  it('names a missing user and a missing name', async () => {
    expect(await cli('user', 'delete', 'nobody')).toMatchObject({
      code: 1,
      err: 'Error: there is no user named "nobody"',
    });
    expect((await cli('user', 'disable')).code).toBe(2);
  });
});
