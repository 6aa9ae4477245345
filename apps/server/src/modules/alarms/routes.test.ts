import type { AlarmList } from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { form, startAccountsServer } from '../../test-support/accounts.js';
import { manualClock, type TestServer } from '../../test-support/test-server.js';

const demo: [string, string] = ['demo', 'demo1234'];
const MINUTE = 60_000;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server at SIM_SPEED 1 with a sensor-silent alarm for room 5 (raised through the service). */
async function withAlarm() {
  const clock = manualClock('2026-11-23T07:00');
  // Its alarm mails land in a throw-away folder.
  server = await startAccountsServer({ simSpeed: 1 }, clock.now);
  const lastReading = clock.now();
  clock.advance(40 * MINUTE);
  await server.app
    .alarmsOf(server.app.houses.own())
    .evaluate(
      [{ roomId: 5, mode: 'Heating', temperature: 18.24, target: 18, reportedAt: lastReading }],
      clock.now(),
    );
  const [alarm] = await server.app.alarmsOf(server.app.houses.own()).repo.list('open', 0);
  return { clock, id: alarm!.id };
}

const ack = (id: number | string, fields: Record<string, string>) =>
  server!.request(`/api/alarms/${id}/ack`, { method: 'POST', body: form(fields) });

describe('GET /api/alarms/', () => {
  it('lists the open alarms for a reader, in local time with offset; 401 without credentials', async () => {
    await withAlarm();
    expect((await server!.request('/api/alarms/')).status).toBe(401);
    const response = await server!.request('/api/alarms/?state=open', {
      auth: ['bewohner', 'bewohner1234'],
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as AlarmList).alarms).toEqual([
      {
        id: expect.any(Number),
        room: 5,
        room_name: 'Schlafzimmer',
        floor: 'OG',
        floor_id: 2,
        kind: 'sensor-silent',
        device: null,
        device_kind: null,
        since: '2026-11-23T07:00:00+01:00',
        state: 'active',
        value: 18.2,
        target: 18,
        acknowledged_by: null,
        acknowledged_at: null,
        note: null,
        cleared_at: null,
      },
    ]);
    // Only under /api: the device API's root stays the device's.
    expect((await server!.request('/alarms/', { auth: demo })).status).toBe(404);
  });

  it('state: open is the default, all adds the cleared of the last 30 days, anything else is 400', async () => {
    const { clock } = await withAlarm();
    // Readings resume: 10 minutes later the alarm clears.
    for (let i = 0; i <= 10; i++) {
      await server!.app
        .alarmsOf(server!.app.houses.own())
        .evaluate(
          [{ roomId: 5, mode: 'Heating', temperature: 18, target: 18, reportedAt: clock.now() }],
          clock.now(),
        );
      clock.advance(MINUTE);
    }
    const list = async (query: string) =>
      ((await (await server!.request(`/api/alarms/${query}`, { auth: demo })).json()) as AlarmList)
        .alarms;
    expect(await list('')).toEqual([]);
    expect(await list('?state=active')).toEqual([]);
    expect(await list('?state=all')).toEqual([
      expect.objectContaining({ state: 'cleared', cleared_at: '2026-11-23T07:50:00+01:00' }),
    ]);
    clock.advance(31 * 24 * 60 * MINUTE);
    expect(await list('?state=all')).toEqual([]);
    const bad = await server!.request('/api/alarms/?state=cleared', { auth: demo });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: 'validation_failed',
      messages: { state: ['state must be one of active, open, all.'] },
    });
  });
});

describe('POST /api/alarms/{id}/ack', () => {
  it('takes manage; names the field of a bad note; 404 for an unknown id, 400 for a bad one', async () => {
    const { id } = await withAlarm();
    expect((await ack(id, {})).status).toBe(401);
    const reader = await ack(id, { user: 'verwalter', password: 'verwalter1234' });
    expect(reader.status).toBe(403);
    expect(await reader.json()).toMatchObject({ error: 'forbidden' });

    const long = await ack(id, { user: 'demo', password: 'demo1234', note: 'ä'.repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: 'validation_failed',
      messages: { note: ['note may have at most 500 characters.'] },
    });
    const unknown = await ack(id + 1000, { user: 'demo', password: 'demo1234' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'not_found' });
    const malformed = await ack('abc', { user: 'demo', password: 'demo1234' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'bad_request' });

    // 500 characters (of two UTF-8 bytes each) are a valid note; urlencoded works as multipart.
    const note = 'ä'.repeat(500);
    const done = await server!.request(`/api/alarms/${id}/ack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: 'techniker', password: 'techniker1234', note }).toString(),
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      alarm: { id, state: 'acknowledged', acknowledged_by: 'techniker', note },
    });
    // Acknowledged again: it keeps the first acknowledgement.
    const again = await ack(id, { user: 'demo', password: 'demo1234', note: 'zweites Mal' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ alarm: { acknowledged_by: 'techniker', note } });
  });
});
