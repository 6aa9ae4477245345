import type {
  AccessToken,
  ApiErrorBody,
  AuditEntry,
  AuditResponse,
  CreatedToken,
  Permissions,
  TokenList,
} from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIETER, SCHLAFZIMMER, scopedSeed } from '../../test-support/scoped-building.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';

// Issue 35: access tokens instead of passwords. A token is made with a password, then used as
// `Authorization: Bearer rr_…` wherever Basic works, with its owner's rights limited to its access.
const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  // The address limit is 5 × authFailureLimit: 5 failed sign-ins from one address.
  server = await startTestServer({
    seed: scopedSeed(),
    now: clock.now,
    config: { authFailureLimit: 1, authFailureWindowMs: 300_000 },
  });
});
afterEach(async () => {
  await server.close();
});

const DEMO: [string, string] = ['demo', 'demo1234'];
const BEWOHNER: [string, string] = ['bewohner', 'bewohner1234'];
const VERWALTER: [string, string] = ['verwalter', 'verwalter1234'];
const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

async function create(fields: Record<string, string>, who = DEMO) {
  const response = await server.request('/api/tokens/', {
    method: 'POST',
    body: new URLSearchParams({ user: who[0], password: who[1], ...fields }),
  });
  return response;
}
async function newToken(fields: Record<string, string> = {}, who = DEMO) {
  const response = await create({ name: 'Grafana', access: 'read', ...fields }, who);
  expect(response.status).toBe(201);
  return ((await response.json()) as CreatedToken).token;
}
const list = async (auth: [string, string] = DEMO) => {
  const response = await server.request('/api/tokens/', { auth });
  expect(response.status).toBe(200);
  return ((await response.json()) as TokenList).tokens;
};
const temps = (secret: string) =>
  server.request('/get/json/v1/1/temps/', { headers: bearer(secret) });
const soll = (secret: string, roomId: number, value: string, fields = {}) =>
  server.request(`/set/json/v1/1/soll/${roomId}/`, {
    method: 'POST',
    headers: bearer(secret),
    body: new URLSearchParams({ soll: value, ...fields }),
  });
const revoke = (id: number, auth: [string, string] = DEMO) =>
  server.request(`/api/tokens/${id}/`, { method: 'DELETE', auth });
async function expectRefused(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  const body = (await response.json()) as ApiErrorBody;
  expect(body.error).toBe(error);
  return body;
}
const roomIds = async (response: Response) => {
  expect(response.status).toBe(200);
  const floors = (await response.json()) as { raeume: { id: number }[] }[];
  return floors.flatMap((floor) => floor.raeume.map((room) => room.id));
};
const permanentTarget = async (roomId: number) => {
  const response = await server.request(`/get/json/v1/1/temps/${roomId}/`, { auth: DEMO });
  const [room] = (await response.json()) as { perm_solltemperatur: number }[];
  return room!.perm_solltemperatur;
};
const audit = async (action: string): Promise<AuditEntry[]> => {
  const response = await server.request('/api/audit/?limit=1000', { auth: DEMO });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries.filter(
    (entry) => entry.action === action,
  );
};
/** Every write noted so far (a token's use is written in a later commit) is on disk. */
const settled = () => server.app.commit(() => undefined);

describe('creating a token', () => {
  it('answers the token once with its secret; the list shows it without', async () => {
    const response = await create({
      name: 'Home Assistant',
      access: 'write',
      expires: '2027-01-31',
    });
    expect(response.status).toBe(201);
    // The secret is in this answer only: no cache may keep it.
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { token } = (await response.json()) as CreatedToken;
    expect(token).toEqual({
      id: expect.any(Number),
      name: 'Home Assistant',
      access: 'write',
      expires: '2027-01-31',
      created_at: '2026-11-23T10:00:00+01:00',
      last_used_at: null,
      owner: 'demo',
      token: expect.stringMatching(/^rr_[A-Za-z0-9_-]{43}$/),
    });
    const { token: secret, ...listed } = token;
    expect(secret.length).toBe(46);
    expect(await list()).toEqual([listed]);
    expect(JSON.stringify(await list())).not.toContain('rr_');
  });

  it('lists the newest first', async () => {
    // The web app posts multipart, scripts urlencoded.
    const body = new FormData();
    const fields = { user: 'demo', password: 'demo1234', name: 'eins', access: 'read' };
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const multipart = await server.request('/api/tokens/', { method: 'POST', body });
    expect(multipart.status).toBe(201);
    await newToken({ name: 'zwei' });
    expect((await list()).map((token) => token.name)).toEqual(['zwei', 'eins']);
  });

  it('answers each bad field with its own message, in the request’s language', async () => {
    const response = await server.request('/api/tokens/', {
      method: 'POST',
      headers: { 'accept-language': 'de-DE' },
      body: new URLSearchParams({
        user: 'demo',
        password: 'demo1234',
        name: ' ',
        access: 'admin',
        expires: '2026-11-22',
      }),
    });
    const body = await expectRefused(response, 400, 'validation_failed');
    expect(body.messages).toEqual({
      name: ['Name ist erforderlich'],
      access: ['Zugriff muss read oder write sein'],
      expires: ['Der letzte Tag darf nicht in der Vergangenheit liegen'],
    });
    const longName = await create({ name: 'x'.repeat(101), access: 'read', expires: '2026-2-1' });
    expect((await expectRefused(longName, 400, 'validation_failed')).messages).toEqual({
      name: ['The name may have at most 100 characters'],
      expires: ['Give a day as YYYY-MM-DD'],
    });
    expect(await list()).toEqual([]);
  });

  it('gives a read-only user a read token, never a write token', async () => {
    const refused = await create({ name: 'Dashboard', access: 'write' }, BEWOHNER);
    const body = await expectRefused(refused, 400, 'validation_failed');
    expect(body.messages?.access?.[0]).toMatch(/may only read/);
    const token = await newToken({ name: 'Dashboard', access: 'read' }, BEWOHNER);
    expect(token.owner).toBe('bewohner');
    expect(await roomIds(await temps(token.token))).toHaveLength(7);
  });

  it('is refused to a user who may see nothing, and to nobody signed in', async () => {
    const users = server.app.repos.users;
    const technikerUser = (await users.findByUsername('techniker'))!;
    await users.setAccess(server.app.sql, technikerUser.id, 'no-access', 'no-access');
    const techniker = await create({ name: 'x', access: 'read' }, ['techniker', 'techniker1234']);
    await expectRefused(techniker, 403, 'forbidden');
    const anonymous = await server.request('/api/tokens/', {
      method: 'POST',
      body: new URLSearchParams({ name: 'x', access: 'read' }),
    });
    await expectRefused(anonymous, 401, 'unauthorized');
  });
});

describe('signing in with a token', () => {
  it('reads the device API, writes with a Bearer header and no user/password, and reads our API', async () => {
    const { token: secret } = await newToken({ access: 'write' });
    expect(await roomIds(await temps(secret))).toHaveLength(7);
    const api = await server.request('/api/get/json/v1/1/temps/', { headers: bearer(secret) });
    expect(await roomIds(api)).toHaveLength(7);
    const write = await soll(secret, 2, '19.5');
    expect(write.status).toBe(200);
    expect(await permanentTarget(2)).toBe(19.5);
    const absences = await server.request('/api/absences/', { headers: bearer(secret) });
    expect(absences.status).toBe(200);
    // The scheme's case and spaces as Basic takes them.
    const spelled = await server.request('/api/alarms/', {
      headers: { authorization: `bearer   ${secret} ` },
    });
    expect(spelled.status).toBe(200);
    // The write is audited as the owner's.
    const [entry] = await audit('soll');
    expect(entry).toMatchObject({ user: 'demo', room: 2, source: 'api' });
  });

  it('limits a read token to reading: writes are 403 with a clear message', async () => {
    const { token: secret } = await newToken({ access: 'read' });
    const before = await permanentTarget(2);
    const body = await expectRefused(await soll(secret, 2, '23'), 403, 'forbidden');
    expect(body.message).toBe('You may not change temperatures.');
    expect(await permanentTarget(2)).toBe(before);
    const permissions = await server.request('/get/json/v1/1/permissions/', {
      headers: bearer(secret),
    });
    expect((await permissions.json()) as Permissions).toMatchObject({
      access_to_smart: 'read',
      access_to_pro: 'read',
      can_make_temporary_changes: false,
      can_make_permanent_changes: false,
    });
  });

  it('gives a manager’s write token writing, not managing (decision 0080)', async () => {
    const { token: secret } = await newToken({ access: 'write' });
    const permissions = await server.request('/get/json/v1/1/permissions/', {
      headers: bearer(secret),
    });
    expect((await permissions.json()) as Permissions).toMatchObject({
      access_to_smart: 'permanent',
      access_to_pro: 'permanent',
      can_make_permanent_changes: true,
    });
    const auditLog = await server.request('/api/audit/', { headers: bearer(secret) });
    expect((await expectRefused(auditLog, 403, 'forbidden')).message).toBe(
      'You may not manage this building.',
    );
    const week = await server.request('/api/schedules/1/', {
      method: 'POST',
      headers: bearer(secret),
      body: new URLSearchParams({ week: '[]' }),
    });
    await expectRefused(week, 403, 'forbidden');
  });

  it('keeps a one-room occupant’s token to that room', async () => {
    const { token: secret } = await newToken({ access: 'write' }, MIETER);
    expect(await roomIds(await temps(secret))).toEqual([SCHLAFZIMMER]);
    expect((await soll(secret, SCHLAFZIMMER, '20')).status).toBe(200);
    const other = await soll(secret, 1, '20');
    expect([403, 404]).toContain(other.status);
    expect(await permanentTarget(1)).not.toBe(20);
  });

  it('refuses a wrong, malformed or unknown token with 401, then the address with 429', async () => {
    const { token: secret } = await newToken();
    const wrong = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    const body = await expectRefused(await temps(wrong), 401, 'unauthorized');
    expect(body.message).toMatch(/access token is not valid/);
    await expectRefused(await temps('rr_short'), 401, 'unauthorized');
    await expectRefused(await temps('not-even-ours'), 401, 'unauthorized');
    await expectRefused(await temps(''), 401, 'unauthorized');
    await expectRefused(await temps(wrong), 401, 'unauthorized');
    // Five failures from one address (5 × AUTH_FAILURE_LIMIT): blocked, like passwords.
    const blocked = await expectRefused(await temps(wrong), 429, 'too_many_requests');
    expect(blocked).toBeTruthy();
    const again = await temps(secret);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    const [refusal] = await audit('sign-in-refused');
    expect(refusal?.after).toMatchObject({ scope: 'address', account: 'unknown', failures: 5 });
    // The window ends: the good token works again.
    clock.advance(300_000);
    expect((await temps(secret)).status).toBe(200);
  });

  it('is not read silently as anonymous with ANONYMOUS_READ', async () => {
    await server.close();
    server = await startTestServer({ now: clock.now, config: { anonymousRead: true } });
    expect((await server.request('/get/json/v1/1/temps/')).status).toBe(200);
    await expectRefused(await temps(`rr_${'x'.repeat(43)}`), 401, 'unauthorized');
  });
});

describe('the end of a token', () => {
  it('refuses a revoked token on its very next request', async () => {
    const { token: secret, id } = await newToken();
    expect((await temps(secret)).status).toBe(200);
    const response = await revoke(id);
    expect(response.status).toBe(200);
    const revoked = ((await response.json()) as { token: AccessToken }).token;
    expect(revoked).toMatchObject({ id, name: 'Grafana', owner: 'demo' });
    expect(JSON.stringify(revoked)).not.toContain('rr_');
    await expectRefused(await temps(secret), 401, 'unauthorized');
    expect(await list()).toEqual([]);
    await expectRefused(await revoke(id), 404, 'not_found');
  });

  it('works to the end of its last day (device-local), then 401', async () => {
    const { token: secret } = await newToken({ expires: '2026-11-23' });
    expect((await temps(secret)).status).toBe(200);
    clock.set('2026-11-23T23:59:59');
    expect((await temps(secret)).status).toBe(200);
    clock.set('2026-11-24T00:00:01');
    await expectRefused(await temps(secret), 401, 'unauthorized');
  });

  it('ends with its owner: disabled (within a second) or removed (at once)', async () => {
    const { token: secret } = await newToken({}, VERWALTER);
    expect((await temps(secret)).status).toBe(200);
    const users = server.app.repos.users;
    const id = (await users.findByUsername('verwalter'))!.id;
    await users.setDisabled(server.app.sql, id, clock.now());
    clock.advance(1_000);
    await expectRefused(await temps(secret), 401, 'unauthorized');
    await users.setDisabled(server.app.sql, id, null);
    clock.advance(1_000);
    expect((await temps(secret)).status).toBe(200);
    const removed = await server.request('/api/members/verwalter/', {
      method: 'DELETE',
      auth: DEMO,
    });
    expect(removed.status).toBe(200);
    await expectRefused(await temps(secret), 401, 'unauthorized');
  });

  it('gives an owner outside their validity what their password would: no rooms', async () => {
    const { token: secret } = await newToken({}, MIETER);
    await server.request('/api/members/mieter/', {
      method: 'PATCH',
      body: new URLSearchParams({ user: 'demo', password: 'demo1234', valid_until: '2026-11-23' }),
    });
    expect((await temps(secret)).status).toBe(200);
    clock.set('2026-11-24T10:00');
    await expectRefused(await temps(secret), 403, 'forbidden');
    const password = await server.request('/get/json/v1/1/temps/', { auth: MIETER });
    await expectRefused(password, 403, 'forbidden');
  });
});

describe('what no token may do', () => {
  it('manage tokens, members or its owner’s password: 403, whatever its access', async () => {
    const { token: secret, id } = await newToken({ access: 'write' });
    const headers = bearer(secret);
    const calls = [
      server.request('/api/tokens/', { headers }),
      server.request('/api/tokens/', {
        method: 'POST',
        headers,
        body: new URLSearchParams({ name: 'mehr', access: 'read' }),
      }),
      server.request(`/api/tokens/${id}/`, { method: 'DELETE', headers }),
      server.request('/api/user/password', {
        method: 'POST',
        headers,
        body: new URLSearchParams({
          new_password: 'neu123456',
          new_password_confirmation: 'neu123456',
        }),
      }),
      server.request('/api/members/', { headers }),
      server.request('/api/members/bewohner/', { method: 'DELETE', headers }),
    ];
    for (const response of await Promise.all(calls)) {
      const body = await expectRefused(response, 403, 'forbidden');
      expect(body.message).toMatch(/^An access token cannot manage/);
    }
    expect(await list()).toHaveLength(1);
    expect((await server.request('/get/json/v1/1/info/', { auth: DEMO })).status).toBe(200);
    expect((await server.request('/api/members/', { auth: DEMO })).status).toBe(200);
  });
});

describe('who sees and revokes which token', () => {
  it('shows each user their own; a building-wide manager sees and revokes everyone’s', async () => {
    const own = await newToken({ name: 'demo’s' });
    const theirs = await newToken({ name: 'verwalter’s', access: 'write' }, VERWALTER);
    expect((await list(VERWALTER)).map((token) => token.name)).toEqual(['verwalter’s']);
    expect((await list(DEMO)).map((token) => token.name)).toEqual(['verwalter’s', 'demo’s']);
    await expectRefused(await revoke(own.id, VERWALTER), 404, 'not_found');
    expect((await temps(own.token)).status).toBe(200);
    expect((await revoke(theirs.id, DEMO)).status).toBe(200);
    await expectRefused(await temps(theirs.token), 401, 'unauthorized');
    await expectRefused(await revoke(Number.NaN), 404, 'not_found');
    // The web app revokes with the form fields user/password, as its other writes.
    const byForm = await server.request(`/api/tokens/${own.id}/`, {
      method: 'DELETE',
      body: new URLSearchParams({ user: 'demo', password: 'demo1234' }),
    });
    expect(byForm.status).toBe(200);
    await expectRefused(await temps(own.token), 401, 'unauthorized');
  });
});

describe('the audit log and last use', () => {
  it('records creating, the first use (once) and revoking, never the secret', async () => {
    const token = await newToken({ name: 'Skript', access: 'write', expires: '2027-01-01' });
    expect((await temps(token.token)).status).toBe(200);
    clock.advance(120_000);
    expect((await temps(token.token)).status).toBe(200);
    await settled();
    expect((await revoke(token.id)).status).toBe(200);
    const described = {
      id: token.id,
      name: 'Skript',
      access: 'write',
      expires: '2027-01-01',
      owner: 'demo',
    };
    const created = await audit('token-created');
    expect(created).toEqual([
      expect.objectContaining({ user: 'demo', action: 'token-created', after: described }),
    ]);
    const firstUse = await audit('token-first-used');
    expect(firstUse).toEqual([
      expect.objectContaining({
        user: 'demo',
        source: 'api',
        after: { ...described, client: '127.0.0.1' },
      }),
    ]);
    const revoked = await audit('token-revoked');
    expect(revoked).toEqual([expect.objectContaining({ user: 'demo', before: described })]);
    const log = await server.request('/api/audit/?limit=1000', { auth: DEMO });
    expect(await log.text()).not.toContain('rr_');
  });

  it('notes the last use at most once a minute', async () => {
    const { token: secret, id } = await newToken();
    const lastUsed = async () => {
      await settled();
      return (await list()).find((token) => token.id === id)!.last_used_at;
    };
    expect(await lastUsed()).toBeNull();
    expect((await temps(secret)).status).toBe(200);
    expect(await lastUsed()).toBe('2026-11-23T10:00:00+01:00');
    clock.advance(30_000);
    expect((await temps(secret)).status).toBe(200);
    expect(await lastUsed()).toBe('2026-11-23T10:00:00+01:00');
    clock.advance(31_000);
    expect((await temps(secret)).status).toBe(200);
    expect(await lastUsed()).toBe('2026-11-23T10:01:01+01:00');
  });
});
