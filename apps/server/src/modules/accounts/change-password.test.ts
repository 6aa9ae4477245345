import type { AuditResponse } from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { serverPerTest } from '../../test-support/test-server.js';
import { demo } from '../../test-support/writes.js';

// Issue 31: "Mein Konto". A signed-in user sets a new password, authenticated by the current
// one, by the same rule as a reset link; the old password stops working at once.
const { server } = serverPerTest('2026-11-25T10:00', { config: { allowRegistration: true } });
const VERWALTER: [string, string] = ['verwalter', 'verwalter1234'];
const INFO = '/api/get/json/v1/1/info/';

function change(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return server().request('/api/user/password', { method: 'POST', body, headers });
}
const asVerwalter = (next: string, confirmation = next) => ({
  user: 'verwalter',
  password: 'verwalter1234',
  new_password: next,
  new_password_confirmation: confirmation,
});

describe('POST /api/user/password', () => {
  it('sets the new password: the old one fails at once, even where it was cached', async () => {
    expect((await server().request(INFO, { auth: VERWALTER })).status).toBe(200);
    expect((await server().request(INFO, { auth: demo })).status).toBe(200);
    const response = await change(asVerwalter('neues-passwort'), { 'X-Raumregler-Client': 'web' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      message: 'Your password has been successfully updated.',
    });
    // No clock step: the cached sign-in is forgotten, not merely re-checked a second later.
    expect((await server().request(INFO, { auth: VERWALTER })).status).toBe(401);
    expect((await server().request(INFO, { auth: ['verwalter', 'neues-passwort'] })).status).toBe(
      200,
    );
    expect((await server().request(INFO, { auth: demo })).status).toBe(200);

    const log = await server().request('/api/audit/?user=verwalter', { auth: demo });
    const { entries } = (await log.json()) as AuditResponse;
    expect(entries).toMatchObject([
      { action: 'password-changed', user: 'verwalter', source: 'app', before: null, after: null },
    ]);
    expect(JSON.stringify(entries)).not.toContain('neues-passwort');
  });

  it('answers a wrong current password with the 401 of a sign-in, and changes nothing', async () => {
    const response = await change({ ...asVerwalter('neues-passwort'), password: 'falsch123' });
    expect(response.status).toBe(401);
    expect((await server().request(INFO, { auth: VERWALTER })).status).toBe(200);
  });

  it('names each bad field in the request’s language: the rule of a reset, 6 to 50', async () => {
    const long = await change(asVerwalter('x'.repeat(51)), { 'Accept-Language': 'de-DE,de' });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({
      error: 'validation_failed',
      message: 'Das Passwort darf höchstens 50 Zeichen lang sein',
      messages: { new_password: ['Das Passwort darf höchstens 50 Zeichen lang sein'] },
    });
    const short = await change(asVerwalter('kurz', 'anders'));
    expect(await short.json()).toMatchObject({
      messages: {
        new_password: ['Password must be at least 6 characters'],
        new_password_confirmation: ['Passwords must match'],
      },
    });
    const missing = await change({ user: 'verwalter', password: 'verwalter1234' });
    expect(await missing.json()).toMatchObject({
      messages: {
        new_password: ['New password is required'],
        new_password_confirmation: ['Please confirm your new password'],
      },
    });
    // 50 characters are taken, and signing in with them works.
    const fifty = 'y'.repeat(50);
    expect((await change(asVerwalter(fifty))).status).toBe(200);
    expect((await server().request(INFO, { auth: ['verwalter', fifty] })).status).toBe(200);
  });

  it('is ours: only under /api', async () => {
    const body = new FormData();
    for (const [name, value] of Object.entries(asVerwalter('neues-passwort'))) {
      body.append(name, value);
    }
    const root = await server().request('/user/password', { method: 'POST', body });
    expect(root.status).toBe(404);
  });
});

describe('one rule for new passwords', () => {
  it('refuses more than 50 characters on registration and reset links too', async () => {
    const long = 'z'.repeat(51);
    for (const [path, fields] of [
      ['/api/register', { email: 'neu@example.com' }],
      ['/api/reset-password', { email: 'demo@example.com', token: 'abc' }],
    ] as const) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      body.append('password', long);
      body.append('password_confirmation', long);
      const response = await server().request(path, { method: 'POST', body });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toMatchObject({
        messages: { password: ['Password must be at most 50 characters'] },
      });
    }
  });
});
