import type { AuditEntry, AuditResponse } from '@raumregler/contract';
import { AuditEntrySchema } from '@raumregler/contract/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo, expectError, writesTo } from '../../test-support/writes.js';

// 2026-11-25 is a Wednesday; the living room's programme gives 21 °C from 06:00 to 22:00.
const clock = manualClock('2026-11-25T10:00');
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ now: clock.now });
});
afterAll(async () => {
  await server.close();
});

const { urlencoded } = writesTo(() => server);
const LIVING_ROOM = 1;

/** The web app's way: multipart under /api with the client header. */
const fromApp = (path: string, fields: Record<string, string>) => {
  const form = new FormData();
  form.set('user', demo[0]);
  form.set('password', demo[1]);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return server.request(`/api/set/json/v1/1/${path}`, {
    method: 'POST',
    body: form,
    headers: { 'X-Raumregler-Client': 'web' },
  });
};

async function entries(query = ''): Promise<AuditEntry[]> {
  const response = await server.request(`/api/audit/${query}`, { auth: demo });
  expect(response.status).toBe(200);
  return ((await response.json()) as AuditResponse).entries;
}

describe('every room change writes its audit entry in the same commit', () => {
  it('records ziel, soll, resettemp and the mode with user, room, before, after and source', async () => {
    expect(await entries()).toEqual([]);

    expect((await fromApp(`ziel/${LIVING_ROOM}/`, { ziel: '22.5', duration: '90' })).status).toBe(
      200,
    );
    let [latest] = await entries();
    expect(latest).toMatchObject({
      time: '2026-11-25T10:00:00+01:00',
      user: 'demo',
      room: LIVING_ROOM,
      room_name: 'Wohnzimmer',
      floor: 'EG',
      action: 'ziel',
      before: { target: 21, temporary: false },
      after: { target: 22.5, temporary: true, until: '2026-11-25T11:30:00+01:00' },
      duration_minutes: 90,
      source: 'app',
    });
    // Serialized by the contract's schema: exactly its properties, in its order.
    expect(Object.keys(latest!)).toEqual(Object.keys(AuditEntrySchema.properties));

    clock.advance(60_000);
    expect((await urlencoded(`soll/${LIVING_ROOM}/`, { soll: '19.5' })).status).toBe(200);
    [latest] = await entries();
    expect(latest).toMatchObject({
      time: '2026-11-25T10:01:00+01:00',
      action: 'soll',
      before: { target: 21, temporary: false },
      after: { target: 19.5, temporary: false },
      duration_minutes: null,
      source: 'api',
    });

    clock.advance(60_000);
    expect((await urlencoded(`resettemp/${LIVING_ROOM}/`, {})).status).toBe(200);
    [latest] = await entries();
    expect(latest).toMatchObject({
      action: 'resettemp',
      before: { target: 22.5, temporary: true, until: '2026-11-25T11:30:00+01:00' },
      after: { target: 19.5, temporary: false },
    });

    clock.advance(60_000);
    const off = await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'off' });
    expect(off.status).toBe(200);
    [latest] = await entries();
    expect(latest).toMatchObject({
      action: 'betriebsart',
      before: { mode: 'Heating', temporary: false },
      after: { mode: 'Off', temporary: false },
    });

    // Newest first, one entry per acknowledged write.
    expect((await entries()).map((entry) => entry.action)).toEqual([
      'betriebsart',
      'resettemp',
      'soll',
      'ziel',
    ]);
  });

  it('writes no entry for a refused or invalid write', async () => {
    const before = (await entries()).length;
    await expectError(await urlencoded(`ziel/${LIVING_ROOM}/`, { ziel: '99' }), 400, 'ziel');
    await expectError(await urlencoded(`soll/${LIVING_ROOM}/`, { soll: 'warm' }), 400, 'soll');
    await expectError(
      await urlencoded(`rooms/${LIVING_ROOM}/`, { action: 'betriebsart', value: 'boost' }),
      400,
      'value',
    );
    await expectError(await urlencoded('ziel/999/', { ziel: '20' }), 404);
    await expectError(
      await urlencoded(`ziel/${LIVING_ROOM}/`, { ziel: '20' }, ['bewohner', 'bewohner1234']),
      403,
    );
    // A valid write afterwards is the positive signal: it alone adds an entry.
    expect((await urlencoded(`ziel/${LIVING_ROOM}/`, { ziel: '20' })).status).toBe(200);
    const after = await entries();
    expect(after.length).toBe(before + 1);
    expect(after[0]).toMatchObject({ action: 'ziel', after: { target: 20 } });
  });

  it('keeps the room and floor names of the time of the change after a rename', async () => {
    server.app.store
      .sqlite!.prepare("UPDATE rooms SET name = 'Salon' WHERE id = ?")
      .run(LIVING_ROOM);
    server.app.store.sqlite!.prepare("UPDATE floors SET name = 'Erdgeschoss' WHERE id = 1").run();
    expect((await urlencoded(`ziel/${LIVING_ROOM}/`, { ziel: '21' })).status).toBe(200);
    const [renamed, ...older] = await entries(`?room=${LIVING_ROOM}`);
    expect(renamed).toMatchObject({ room_name: 'Salon', floor: 'Erdgeschoss' });
    expect(older.every((entry) => entry.room_name === 'Wohnzimmer' && entry.floor === 'EG')).toBe(
      true,
    );
  });
});
