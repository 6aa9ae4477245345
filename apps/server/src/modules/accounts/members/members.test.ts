import type { AuditEntry, AuditResponse, Member } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../cli/commands.js';
import { MIETER, scopedSeed, SCHLAFZIMMER } from '../../../test-support/scoped-building.js';
import { startSmtpPeer, type SmtpPeer } from '../../../test-support/smtp-peer.js';
import {
  manualClock,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';

// Issue 34: the members API for building-wide managers, and the invitation mail at a real SMTP
// peer whose link sets the new member's password once, for 7 days.
const clock = manualClock('2026-11-23T10:00');
let smtp: SmtpPeer;
let server: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  smtp = await startSmtpPeer();
  server = await startTestServer({
    seed: scopedSeed(),
    now: clock.now,
    config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, publicUrl: 'https://heizung.example.com' },
  });
});
afterEach(async () => {
  await server.close();
  await smtp.close();
});

const DEMO: [string, string] = ['demo', 'demo1234'];
const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const as = ([user, password]: [string, string], fields: Record<string, string> = {}) =>
  form({ user, password, ...fields });

const add = (fields: Record<string, string>, who = DEMO, headers: Record<string, string> = {}) =>
  server.request('/api/members/', { method: 'POST', body: as(who, fields), headers });
const patch = (name: string, fields: Record<string, string>, who = DEMO) =>
  server.request(`/api/members/${encodeURIComponent(name)}/`, {
    method: 'PATCH',
    body: as(who, fields),
  });
const remove = (name: string, auth = DEMO) =>
  server.request(`/api/members/${encodeURIComponent(name)}/`, { method: 'DELETE', auth });
const invite = (name: string, who = DEMO) =>
  server.request(`/api/members/${encodeURIComponent(name)}/invite`, {
    method: 'POST',
    body: as(who),
  });
const members = async (auth = DEMO) => {
  const response = await server.request('/api/members/', { auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as { members: Member[] }).members;
};
const audit = async (action: string): Promise<AuditEntry[]> => {
  const response = await server.request(`/api/audit/?limit=1000`, { auth: DEMO });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries.filter(
    (entry) => entry.action === action,
  );
};
const info = (auth: [string, string]) => server.request('/get/json/v1/1/info/', { auth });
const temps = (auth: [string, string]) => server.request('/get/json/v1/1/temps/', { auth });

/** The link of the n-th mail received (1-based), and its token. */
async function invitationIn(count: number) {
  await smtp.waitFor(count);
  const mail = smtp.received[count - 1]!;
  const link = new URL(/https:\/\/heizung\.example\.com\/\S+/.exec(mail.text)![0]);
  return {
    mail,
    link,
    token: link.searchParams.get('token')!,
    email: link.searchParams.get('email')!,
  };
}
const setPassword = (token: string, email: string, password: string) =>
  server.request('/api/reset-password', {
    method: 'POST',
    body: form({ token, email, password, password_confirmation: password }),
  });

const ANNA = {
  username: 'anna',
  email: 'anna@example.com',
  language: 'en',
  access_to_smart: 'permanent',
  access_to_pro: 'read',
  floors: '',
  rooms: String(SCHLAFZIMMER),
  valid_from: '2026-11-01',
  valid_until: '2027-10-31',
};

describe('GET /api/members/', () => {
  it('lists every user with access, scope, validity and last sign-in', async () => {
    expect((await info(MIETER)).status).toBe(200);
    const list = await members();
    expect(list.map((member) => member.username)).toEqual(
      expect.arrayContaining(['demo', 'mieter', 'hausmeister', 'verwalter']),
    );
    expect(list.find((member) => member.username === 'mieter')).toEqual({
      username: 'mieter',
      email: 'mieter@example.com',
      language: 'de',
      access_to_smart: 'permanent',
      access_to_pro: 'permanent',
      floors: [],
      rooms: [SCHLAFZIMMER],
      valid_from: null,
      valid_until: null,
      last_sign_in: '2026-11-23T10:00:00+01:00',
    });
    expect(list.find((member) => member.username === 'hausmeister')).toMatchObject({
      floors: [1],
      rooms: [],
      last_sign_in: null,
    });
    const one = await server.request('/api/members/hausmeister/', { auth: DEMO });
    expect(await one.json()).toEqual({
      member: list.find((member) => member.username === 'hausmeister'),
    });
  });

  it('is refused to everyone but building-wide managers: 401, then 403', async () => {
    expect((await server.request('/api/members/')).status).toBe(401);
    // hausmeister manages floor 1 only; verwalter may write but not manage.
    for (const who of [['hausmeister', 'hausmeister1'], ['verwalter', 'verwalter1234'], MIETER]) {
      const response = await server.request('/api/members/', { auth: who as [string, string] });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: 'forbidden' });
      expect((await add({ ...ANNA }, who as [string, string])).status).toBe(403);
      expect((await remove('mieter', who as [string, string])).status).toBe(403);
    }
    expect((await members()).some((member) => member.username === 'anna')).toBe(false);
  });

  it('answers an unknown member 404', async () => {
    const response = await server.request('/api/members/niemand/', { auth: DEMO });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
    expect((await patch('niemand', { language: 'en' })).status).toBe(404);
    expect((await remove('niemand')).status).toBe(404);
    expect((await invite('niemand')).status).toBe(404);
  });

  it('notes the last sign-in at most once a minute, not per polled request', async () => {
    expect((await info(MIETER)).status).toBe(200);
    clock.advance(30_000);
    expect((await info(MIETER)).status).toBe(200);
    const first = (await members()).find((member) => member.username === 'mieter')!;
    expect(first.last_sign_in).toBe('2026-11-23T10:00:00+01:00');
    // The cached sign-in runs out after a minute: the next one is a full check, noted again.
    clock.advance(61_000);
    expect((await info(MIETER)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = (await members()).find((member) => member.username === 'mieter')!;
    expect(later.last_sign_in).toBe('2026-11-23T10:01:31+01:00');
  });
});

describe('POST /api/members/', () => {
  it('adds a member without a usable password, answers 201, records member-invited and mails the invitation in their language', async () => {
    const response = await add(ANNA, DEMO, { 'x-raumregler-client': 'web' });
    expect(response.status).toBe(201);
    const expected: Member = {
      username: 'anna',
      email: 'anna@example.com',
      language: 'en',
      access_to_smart: 'permanent',
      access_to_pro: 'read',
      floors: [],
      rooms: [SCHLAFZIMMER],
      valid_from: '2026-11-01',
      valid_until: '2027-10-31',
      last_sign_in: null,
    };
    expect(await response.json()).toEqual({ member: expected });
    expect((await members()).find((member) => member.username === 'anna')).toEqual(expected);

    const [entry] = await audit('member-invited');
    expect(entry).toMatchObject({ user: 'demo', source: 'app' });
    expect(entry!.after).toMatchObject({ username: 'anna', floors: [], rooms: [SCHLAFZIMMER] });

    const { mail, link, token, email } = await invitationIn(1);
    expect(mail.to).toEqual(['anna@example.com']);
    expect(mail.subject).toBe('Welcome to Raumregler – set your password');
    expect(mail.text).toContain('The link works once and for 7 days');
    expect(link.pathname).toBe('/re/home/auth/invitation');
    expect(email).toBe('anna@example.com');
    expect(link.searchParams.get('user')).toBe('anna');
    // No password signs in before the link sets one, not even the placeholder.
    expect((await info(['anna', '!invited'])).status).toBe(401);

    expect((await setPassword(token, email, 'annas-passwort')).status).toBe(200);
    expect((await info(['anna', 'annas-passwort'])).status).toBe(200);
    // Signed in, anna sees only her room.
    const floors = (await (await temps(['anna', 'annas-passwort'])).json()) as {
      raeume: { id: number }[];
    }[];
    expect(floors.flatMap((floor) => floor.raeume.map((room) => room.id))).toEqual([SCHLAFZIMMER]);
    // Single use.
    const again = await setPassword(token, email, 'anderes-passwort');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('mails in German to a German member', async () => {
    expect((await add({ ...ANNA, language: 'de' })).status).toBe(201);
    const { mail } = await invitationIn(1);
    expect(mail.subject).toBe('Willkommen bei Raumregler – Passwort festlegen');
    expect(mail.text).toContain('Der Link gilt 7 Tage und nur einmal');
  });

  it('the invitation link works after 60 minutes and up to 7 days, not after', async () => {
    expect((await add(ANNA)).status).toBe(201);
    const first = await invitationIn(1);
    clock.advance(2 * 60 * 60_000);
    expect((await invite('anna')).status).toBe(200);
    const second = await invitationIn(2);
    // The resend voids the first link.
    expect((await setPassword(first.token, first.email, 'annas-passwort')).status).toBe(400);
    // Past 60 minutes (a reset link's life) the invitation still works…
    clock.advance(6 * 24 * 60 * 60_000);
    const response = await setPassword(second.token, second.email, 'annas-passwort');
    expect(response.status).toBe(200);
    expect((await info(['anna', 'annas-passwort'])).status).toBe(200);
    expect(await audit('member-invited')).toHaveLength(2);
  });

  it('an invitation is refused 7 days after it was sent', async () => {
    expect((await add(ANNA)).status).toBe(201);
    const { token, email } = await invitationIn(1);
    clock.advance(7 * 24 * 60 * 60_000 + 1_000);
    const response = await setPassword(token, email, 'annas-passwort');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_token' });
  });

  it('a reset link still runs out after 60 minutes', async () => {
    const response = await server.request('/api/forgot-password', {
      method: 'POST',
      body: form({ email: 'mieter@example.com' }),
    });
    expect(response.status).toBe(200);
    await smtp.waitFor(1);
    const link = new URL(/https:\/\/heizung\.example\.com\/\S+/.exec(smtp.received[0]!.text)![0]);
    clock.advance(61 * 60_000);
    const late = await setPassword(
      link.searchParams.get('token')!,
      'mieter@example.com',
      'neues-passwort',
    );
    expect(late.status).toBe(400);
  });

  it('refuses bad fields with a message per field, and changes nothing', async () => {
    const response = await add(
      {
        username: 'an na',
        email: 'anna-at-example',
        language: 'fr',
        access_to_smart: 'alles',
        access_to_pro: 'full',
        floors: '1,x',
        rooms: '999',
        valid_from: '2027-02-30',
        valid_until: '2026-01-01',
      },
      DEMO,
      { 'accept-language': 'de' },
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string; messages: Record<string, string[]> };
    expect(body.error).toBe('validation_failed');
    expect(Object.keys(body.messages).sort()).toEqual(
      ['access_to_smart', 'email', 'floors', 'language', 'rooms', 'username', 'valid_from'].sort(),
    );
    expect(body.messages.rooms).toEqual(['Raum 999 gibt es nicht']);
    expect(body.messages.email).toEqual(['Ungültiges E-Mail-Format']);

    const order = await add({ ...ANNA, valid_from: '2027-01-02', valid_until: '2027-01-01' });
    expect(order.status).toBe(400);
    expect(((await order.json()) as { messages: object }).messages).toEqual({
      valid_until: ['The last day may not be before the first'],
    });
    const missing = await add({});
    expect(((await missing.json()) as { messages: object }).messages).toEqual({
      username: ['Username is required'],
      email: ['Email is required'],
    });
    expect((await add({ ...ANNA, username: 'x'.repeat(51) })).status).toBe(400);
    expect((await members()).some((member) => member.username === 'anna')).toBe(false);
    expect(await audit('member-invited')).toEqual([]);
  });

  it('answers 409 conflict for a username or e-mail that exists', async () => {
    const taken = await add({ ...ANNA, username: 'MIETER' });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: 'conflict' });
    expect((await add({ ...ANNA, email: 'mieter@example.com' })).status).toBe(409);
  });
});

describe('PATCH /api/members/{username}/', () => {
  it('changes only the fields sent, each kind in the audit log', async () => {
    const response = await patch('mieter', {
      floors: '2',
      rooms: '',
      valid_until: '2027-06-30',
      access_to_smart: 'read',
      language: 'en',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      member: expect.objectContaining({
        username: 'mieter',
        email: 'mieter@example.com',
        language: 'en',
        access_to_smart: 'read',
        access_to_pro: 'permanent',
        floors: [2],
        rooms: [],
        valid_from: null,
        valid_until: '2027-06-30',
      }),
    });
    expect((await audit('scope-changed'))[0]).toMatchObject({
      user: 'demo',
      before: { username: 'mieter', floors: [], rooms: [SCHLAFZIMMER] },
      after: { username: 'mieter', floors: [2], rooms: [] },
    });
    expect((await audit('validity-changed'))[0]).toMatchObject({
      after: { valid_from: null, valid_until: '2027-06-30' },
    });
    expect((await audit('access-changed'))[0]).toMatchObject({
      before: { username: 'mieter', access_smart: 'permanent' },
      after: { username: 'mieter', access_smart: 'read' },
    });
    expect((await audit('member-changed'))[0]).toMatchObject({ after: { language: 'en' } });
    // Nothing sent, nothing changes, nothing recorded.
    expect((await patch('mieter', {})).status).toBe(200);
    expect(await audit('scope-changed')).toHaveLength(1);
  });

  it('takes effect for the member within a second', async () => {
    const rooms = async () =>
      ((await (await temps(MIETER)).json()) as { raeume: { id: number }[] }[]).flatMap((floor) =>
        floor.raeume.map((room) => room.id),
      );
    expect(await rooms()).toEqual([SCHLAFZIMMER]);
    // As the web app sends it: multipart form data.
    const body = new FormData();
    for (const [name, value] of Object.entries({ ...Object.fromEntries(as(DEMO)), rooms: '1,5' })) {
      body.append(name, value);
    }
    const changed = await server.request('/api/members/mieter/', { method: 'PATCH', body });
    expect(changed.status).toBe(200);
    clock.advance(1_100);
    expect(await rooms()).toEqual([1, SCHLAFZIMMER]);
  });

  it('refuses bad fields with per-field messages', async () => {
    const response = await patch('mieter', { floors: '77', valid_from: 'morgen', email: '' });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { messages: Record<string, string[]> };
    expect(Object.keys(body.messages).sort()).toEqual(['email', 'floors', 'valid_from']);
    expect((await patch('mieter', { email: 'hausmeister@example.com' })).status).toBe(409);
  });

  it('answers 409 conflict when no building-wide manager would be left, and changes nothing', async () => {
    // demo and techniker (pro: full) manage the whole building; without techniker only demo.
    expect((await remove('techniker')).status).toBe(200);
    for (const fields of <Record<string, string>[]>[
      { floors: '1' },
      { access_to_smart: 'read', access_to_pro: 'read' },
      { valid_until: '2026-11-22' },
    ]) {
      const response = await patch('demo', fields);
      expect(response.status, JSON.stringify(fields)).toBe(409);
      expect(await response.json()).toMatchObject({ error: 'conflict' });
    }
    const demo = (await members()).find((member) => member.username === 'demo')!;
    expect(demo).toMatchObject({ floors: [], access_to_pro: 'full', valid_until: null });
    expect(await audit('scope-changed')).toEqual([]);
    // With another building-wide manager, demo may be scoped.
    expect((await patch('verwalter', { access_to_smart: 'full' })).status).toBe(200);
    expect((await patch('demo', { floors: '1' })).status).toBe(200);
  });
});

describe('a member who holds access in another building too (issue 37)', () => {
  it('keeps their e-mail address and language from this building’s managers, not their access here', async () => {
    const cli = (...argv: string[]) =>
      runCli(argv, server.app.store, { out: () => {}, err: () => {} }, clock.now);
    expect(await cli('building', 'add', '--house-id', '2', '--name', 'Schule Nord')).toBe(0);
    expect(await cli('user', 'access', 'mieter', '--house-id', '2', '--smart', 'read')).toBe(0);
    for (const fields of [{ email: 'neu@example.com' }, { language: 'en' }] as Record<
      string,
      string
    >[]) {
      const response = await patch('mieter', fields);
      expect(response.status, JSON.stringify(fields)).toBe(409);
      expect(await response.json()).toEqual({
        error: 'conflict',
        message: expect.stringContaining('another building') as unknown,
      });
    }
    const german = await server.request('/api/members/mieter/', {
      method: 'PATCH',
      body: as(DEMO, { email: 'neu@example.com' }),
      headers: { 'accept-language': 'de' },
    });
    expect(((await german.json()) as { message: string }).message).toContain('anderen Gebäude');
    const before = (await members()).find((member) => member.username === 'mieter')!;
    expect(before.email).not.toBe('neu@example.com');
    // The same e-mail sent back unchanged, and their access here, are theirs to change.
    expect((await patch('mieter', { email: before.email, access_to_smart: 'full' })).status).toBe(
      200,
    );
    // Once they are a member here only, the whole account is this building's again.
    expect(await cli('user', 'delete', 'mieter', '--house-id', '2')).toBe(0);
    expect((await patch('mieter', { email: 'neu@example.com' })).status).toBe(200);
  });
});

describe('DELETE /api/members/{username}/', () => {
  it('removes the member, answers it, records user-removed; their next request is refused', async () => {
    expect((await temps(MIETER)).status).toBe(200);
    const response = await remove('mieter');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      member: expect.objectContaining({ username: 'mieter', rooms: [SCHLAFZIMMER] }),
    });
    // No waiting: the cached sign-in is gone at once.
    expect((await temps(MIETER)).status).toBe(401);
    expect((await members()).some((member) => member.username === 'mieter')).toBe(false);
    expect((await audit('user-removed'))[0]).toMatchObject({
      user: 'demo',
      before: { username: 'mieter' },
    });
  });

  it('is refused 409 for the last building-wide manager', async () => {
    expect((await remove('techniker')).status).toBe(200);
    const response = await remove('demo');
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ error: 'conflict' });
    expect((await info(DEMO)).status).toBe(200);
  });
});
