import type { ApiErrorBody, Floor, Room } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';

// 2026-11-23 is a Monday; in November Berlin is UTC+1.
const clock = manualClock('2026-11-23T10:00');
let server: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  server = await startTestServer({ now: clock.now });
});
afterEach(async () => {
  await server.close();
});

const demo: [string, string] = ['demo', 'demo1234'];
const LIVING_ROOM = 1;
const GUEST_WC = 4;

/** A write the way the web app sends it: multipart with user and password beside the fields. */
function multipart(path: string, fields: Record<string, string>, user = demo) {
  const form = new FormData();
  form.set('user', user[0]);
  form.set('password', user[1]);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server.request(`/api/set/json/v1/1/${path}`, { method: 'POST', body: form });
}

/** A write the way Home Assistant sends it: urlencoded, here with a Basic header. */
function urlencoded(path: string, fields: Record<string, string>, auth = demo) {
  return server.request(`/set/json/v1/1/${path}`, {
    method: 'POST',
    auth,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
}

async function room(id: number): Promise<Room> {
  const response = await server.request('/get/json/v1/1/temps/', { auth: demo });
  const floors = (await response.json()) as Floor[];
  return floors.flatMap((floor) => floor.raeume).find((entry) => entry.id === id)!;
}

async function expectError(response: Response, status: number, field?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/application\/json/);
  const body = (await response.json()) as ApiErrorBody;
  expect(typeof body.error).toBe('string');
  expect(typeof body.message).toBe('string');
  expect(JSON.stringify(body)).not.toMatch(/at .*\.(ts|js):\d+/);
  if (field) expect(body.messages?.[field]?.length).toBeGreaterThan(0);
  return body;
}

describe('POST ziel', () => {
  it('starts a temporary target from a multipart form and answers the updated room', async () => {
    const response = await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '23.5', duration: '90' });
    expect(response.status).toBe(200);
    const updated = (await response.json()) as Room;
    expect(updated).toMatchObject({
      id: LIVING_ROOM,
      solltemperatur: 23.5,
      perm_solltemperatur: 21,
      is_temporary_mode: true,
      remaining_time: 90 * 60,
      mode_end_datetime: '2026-11-23T11:30:00',
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
    });
    expect(await room(LIVING_ROOM)).toEqual(updated);
  });

  it('accepts urlencoded fields with a comma and snaps to the 0.125 °C grid', async () => {
    const response = await urlencoded(`ziel/${LIVING_ROOM}`, { ziel: '22,3', duration: '60' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).solltemperatur).toBe(22.25);
  });

  it('takes credentials from form fields without a Basic header, also urlencoded', async () => {
    const response = await server.request(`/set/json/v1/1/ziel/${LIVING_ROOM}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'user=demo&password=demo1234&ziel=20&duration=30',
    });
    expect(response.status).toBe(200);
  });

  it('runs 60 minutes for duration "default", 0 or none', async () => {
    for (const duration of ['default', '0', undefined]) {
      const fields: Record<string, string> = { ziel: '22' };
      if (duration !== undefined) fields.duration = duration;
      const updated = (await (await multipart(`ziel/${LIVING_ROOM}/`, fields)).json()) as Room;
      expect(updated.remaining_time, String(duration)).toBe(3600);
    }
  });

  it('replaces a running temporary target', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '600' });
    clock.advance(5 * 60_000);
    const updated = (await (
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '19', duration: '30' })
    ).json()) as Room;
    expect(updated).toMatchObject({
      solltemperatur: 19,
      remaining_time: 1800,
      mode_end_datetime: '2026-11-23T10:35:00',
    });
  });

  it('counts down and runs out by itself at the stored end time', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '30' });
    clock.advance(29 * 60_000 + 30_000);
    expect(await room(LIVING_ROOM)).toMatchObject({ is_temporary_mode: true, remaining_time: 30 });
    clock.advance(30_000);
    expect(await room(LIVING_ROOM)).toMatchObject({
      solltemperatur: 21,
      is_temporary_mode: false,
      remaining_time: null,
      mode_end_datetime: null,
    });
  });

  it('ends across midnight into the next day in local time', async () => {
    clock.set('2026-11-23T23:30');
    const updated = (await (
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '20', duration: '120' })
    ).json()) as Room;
    expect(updated.mode_end_datetime).toBe('2026-11-24T01:30:00');
  });
});

describe('POST resettemp', () => {
  it('ends the temporary target now and is idempotent', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '60' });
    for (let i = 0; i < 2; i++) {
      const response = await multipart(`resettemp/${LIVING_ROOM}/`, {});
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        solltemperatur: 21,
        is_temporary_mode: false,
        remaining_time: null,
      });
    }
  });

  it('works with no body at all and a Basic header', async () => {
    const response = await server.request(`/set/json/v1/1/resettemp/${LIVING_ROOM}`, {
      method: 'POST',
      auth: demo,
    });
    expect(response.status).toBe(200);
  });
});

describe('POST soll', () => {
  it('changes the scheduled block in force today, and it comes back next week', async () => {
    const response = await multipart(`soll/${LIVING_ROOM}/`, { soll: '22.5' });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      solltemperatur: 22.5,
      perm_solltemperatur: 22.5,
      next_temperature: 18,
      next_due_time: '2026-11-23 22:00',
    });
    clock.set('2026-11-23T23:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(18);
    clock.set('2026-11-24T10:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(21);
    clock.set('2026-11-30T10:00');
    expect((await room(LIVING_ROOM)).perm_solltemperatur).toBe(22.5);
  });

  it('sets the base target of a room without programme', async () => {
    const response = await urlencoded(`soll/${GUEST_WC}/`, { soll: '20,5' });
    expect(await response.json()).toMatchObject({
      solltemperatur: 20.5,
      perm_solltemperatur: 20.5,
      next_temperature: null,
      next_due_time: null,
    });
  });

  it('leaves a running temporary target running', async () => {
    await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '24', duration: '60' });
    const updated = (await (
      await multipart(`soll/${LIVING_ROOM}/`, { soll: '20' })
    ).json()) as Room;
    expect(updated).toMatchObject({
      solltemperatur: 24,
      perm_solltemperatur: 20,
      is_temporary_mode: true,
    });
  });
});

describe('POST rooms (betriebsart)', () => {
  it('switches a room off and on again, back to its mode before', async () => {
    let response = await urlencoded(`rooms/${LIVING_ROOM}/`, {
      action: 'betriebsart',
      value: 'cooling',
    });
    expect(await response.json()).toMatchObject({ betriebsart: 'Cooling' });
    response = await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'off' });
    expect(await response.json()).toMatchObject({ betriebsart: 'Off' });
    response = await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'on' });
    expect(await response.json()).toMatchObject({ betriebsart: 'Cooling' });
  });

  it('refuses another action or value', async () => {
    await expectError(
      await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'x', value: 'on' }),
      400,
      'action',
    );
    await expectError(
      await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'warm' }),
      400,
      'value',
    );
  });
});

describe('write access', () => {
  it('answers 401 to wrong or missing credentials', async () => {
    await expectError(
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, ['demo', 'nope']),
      401,
    );
    await expectError(
      await server.request(`/set/json/v1/1/resettemp/${LIVING_ROOM}/`, { method: 'POST' }),
      401,
    );
  });

  it('answers 403 to a user who may only read, and lets full access in one area write', async () => {
    await expectError(
      await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, ['bewohner', 'bewohner1234']),
      403,
    );
    expect((await room(LIVING_ROOM)).is_temporary_mode).toBe(false);
    const technician = await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22' }, [
      'techniker',
      'techniker1234',
    ]);
    expect(technician.status).toBe(200);
    const manager = await multipart(`soll/${LIVING_ROOM}/`, { soll: '21' }, [
      'verwalter',
      'verwalter1234',
    ]);
    expect(manager.status).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses setpoints out of limits or not numbers with field messages, writing nothing', async () => {
    for (const ziel of ['30.5', '4', 'abc', '', '1e2']) {
      await expectError(
        await multipart(`ziel/${LIVING_ROOM}/`, { ziel, duration: '60' }),
        400,
        'ziel',
      );
    }
    await expectError(await multipart(`soll/${LIVING_ROOM}/`, { soll: '31' }), 400, 'soll');
    await expectError(await multipart(`soll/${LIVING_ROOM}/`, {}), 400, 'soll');
    for (const duration of ['1441', '1.5', 'long', '-1']) {
      await expectError(
        await multipart(`ziel/${LIVING_ROOM}/`, { ziel: '22', duration }),
        400,
        'duration',
      );
    }
    expect(await room(LIVING_ROOM)).toMatchObject({ solltemperatur: 21, is_temporary_mode: false });
  });

  it('answers 404 to unknown rooms and house ids, 400 to ids that are no numbers', async () => {
    await expectError(await multipart('ziel/999/', { ziel: '22' }), 404);
    await expectError(await multipart('ziel/abc/', { ziel: '22' }), 400);
    await expectError(await multipart('ziel/1.5/', { ziel: '22' }), 400);
    const otherHouse = await server.request(`/set/json/v1/2/ziel/${LIVING_ROOM}/`, {
      method: 'POST',
      auth: demo,
    });
    await expectError(otherHouse, 404);
  });

  it('refuses unknown content types, broken and oversized bodies, and file uploads', async () => {
    const post = (body: string | FormData, contentType?: string) =>
      server.request(`/set/json/v1/1/ziel/${LIVING_ROOM}/`, {
        method: 'POST',
        auth: demo,
        body,
        ...(contentType ? { headers: { 'content-type': contentType } } : {}),
      });
    await expectError(await post('ziel=22', 'text/plain'), 415);
    await expectError(await post('<ziel>22</ziel>', 'application/xml'), 415);
    await expectError(await post('{"ziel": ', 'application/json'), 400);
    await expectError(
      await post(
        '--x\r\nContent-Disposition: form-data; name="ziel"\r\n\r\n22',
        'multipart/form-data; boundary=x',
      ),
      400,
    );
    await expectError(
      await post(`ziel=${'2'.repeat(200_000)}`, 'application/x-www-form-urlencoded'),
      413,
    );
    const withFile = new FormData();
    withFile.set('ziel', '22');
    withFile.set('upload', new Blob(['x'.repeat(100)]), 'a.txt');
    const fileResponse = await post(withFile);
    expect(fileResponse.status).toBeGreaterThanOrEqual(400);
    expect(fileResponse.status).toBeLessThan(500);
    await fileResponse.json();
    expect((await room(LIVING_ROOM)).is_temporary_mode).toBe(false);
  });
});
