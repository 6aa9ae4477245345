import type {
  ApiErrorBody,
  Floor,
  FloorOutputs,
  FloorRooms,
  Permissions,
  Room,
} from '@raumregler/contract';
import { describe, expect, it } from 'vitest';
import { serverPerTest, startTestServer } from '../../../test-support/test-server.js';
import { demo, writesTo } from '../../../test-support/writes.js';
import {
  HAUSMEISTER,
  MIETER,
  NACHMIETER,
  SCHLAFZIMMER,
  scopedSeed,
  VERWALTER,
  VORMIETER,
  WOHNZIMMER,
} from '../../../test-support/scoped-building.js';

// Issue 34: who sees and changes which room. 2026-11-23 is a Monday.
const { clock, server } = serverPerTest('2026-11-23T10:00', { seed: scopedSeed() });
const { multipart, room } = writesTo(server);

const get = (path: string, auth: [string, string], headers: Record<string, string> = {}) =>
  server().request(`/get/json/v1/1/${path}`, { auth, headers });
const json = async <T>(path: string, auth: [string, string]) => {
  const response = await get(path, auth);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
};
const roomIds = (floors: { raeume: { id: number }[] }[]) =>
  floors.flatMap((floor) => floor.raeume.map((each) => each.id));

async function forbidden(response: Response) {
  expect(response.status).toBe(403);
  expect(((await response.json()) as ApiErrorBody).error).toBe('forbidden');
}

describe('the lists follow the scope', () => {
  it('shows a one-room occupant only their room, on its floor alone, in temps, rooms and outs', async () => {
    const temps = await json<Floor[]>('temps/', MIETER);
    expect(temps.map((floor) => floor.id)).toEqual([2]);
    expect(roomIds(temps)).toEqual([SCHLAFZIMMER]);
    expect(temps[0]!.raeume[0]!.limits).toEqual({ min: 16, max: 23 });
    expect(roomIds(await json<FloorRooms[]>('rooms/', MIETER))).toEqual([SCHLAFZIMMER]);
    expect(roomIds(await json<FloorOutputs[]>('outs/', MIETER))).toEqual([SCHLAFZIMMER]);
    // Small: one room, not the building.
    const whole = JSON.stringify(await json<Floor[]>('temps/', demo));
    expect(JSON.stringify(temps).length).toBeLessThan(whole.length / 4);
  });

  it('shows a floor to its caretaker and the whole building, with limits or null, to everyone else', async () => {
    expect(roomIds(await json<Floor[]>('temps/', HAUSMEISTER))).toEqual([1, 2, 3, 4]);
    const all = await json<Floor[]>('temps/', demo);
    expect(roomIds(all)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const limits = all.flatMap((floor) => floor.raeume.map((each) => each.limits));
    expect(limits).toEqual([null, null, null, null, { min: 16, max: 23 }, null, null]);
  });

  it('keeps the ETags of each scope apart, so a 304 never confirms another scope', async () => {
    const whole = await get('temps/', demo);
    const etag = whole.headers.get('etag')!;
    expect((await get('temps/', VERWALTER, { 'if-none-match': etag })).status).toBe(304);
    const mine = await get('temps/', MIETER, { 'if-none-match': etag });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('etag')).not.toBe(etag);
    expect(
      (await get('temps/', MIETER, { 'if-none-match': mine.headers.get('etag')! })).status,
    ).toBe(304);
  });

  it('answers 403 forbidden for a room outside the scope, 404 for an unknown one', async () => {
    await forbidden(await get(`temps/${WOHNZIMMER}/`, MIETER));
    expect((await get('temps/999/', MIETER)).status).toBe(404);
    const mine = await json<Room[]>(`temps/${SCHLAFZIMMER}/`, MIETER);
    expect(mine[0]!.limits).toEqual({ min: 16, max: 23 });
  });

  it('tells the user their scope and validity with their permissions', async () => {
    expect(await json<Permissions>('permissions/', MIETER)).toMatchObject({
      access_to_smart: 'permanent',
      floors: [],
      rooms: [SCHLAFZIMMER],
      valid_from: null,
      valid_until: null,
    });
  });
});

describe('writes follow the scope and the limits', () => {
  it('refuses every write on a room outside the scope with 403, and changes nothing', async () => {
    const before = await room(WOHNZIMMER);
    for (const [path, fields] of [
      [`ziel/${WOHNZIMMER}/`, { ziel: '20', duration: '60' }],
      [`soll/${WOHNZIMMER}/`, { soll: '20' }],
      [`resettemp/${WOHNZIMMER}/`, {}],
      [`rooms/${WOHNZIMMER}/`, { action: 'betriebsart', value: 'off' }],
    ] as const) {
      await forbidden(await multipart(path, fields, MIETER));
    }
    expect(await room(WOHNZIMMER)).toEqual(before);
    expect((await multipart('ziel/999/', { ziel: '20' }, MIETER)).status).toBe(404);
  });

  it('refuses a bound target above max with outside_room_limits naming the limits', async () => {
    const before = await room(SCHLAFZIMMER);
    const response = await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '23.5' }, MIETER);
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiErrorBody;
    expect(body.error).toBe('outside_room_limits');
    expect(body.message).toContain('erlaubt 16,0–23,0 °C');
    expect(body.messages?.ziel?.[0]).toContain('erlaubt 16,0–23,0 °C');
    const permanent = await multipart(`soll/${SCHLAFZIMMER}/`, { soll: '15.5' }, MIETER);
    expect(((await permanent.json()) as ApiErrorBody).messages?.soll?.[0]).toContain(
      'erlaubt 16,0–23,0 °C',
    );
    expect(await room(SCHLAFZIMMER)).toEqual(before);
    // Hard limits first: 31 °C is validation_failed, as before.
    const hard = await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '31' }, MIETER);
    expect(((await hard.json()) as ApiErrorBody).error).toBe('validation_failed');
    // Within them: taken.
    const taken = await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '23' }, MIETER);
    expect(taken.status).toBe(200);
    expect(((await taken.json()) as Room).solltemperatur).toBe(23);
  });

  it('binds a whole-building writer who does not manage, not those who manage the room', async () => {
    expect((await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '26' }, VERWALTER)).status).toBe(400);
    const manager = await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '26' }, demo);
    expect(manager.status).toBe(200);
    expect(((await manager.json()) as Room).solltemperatur).toBe(26);
  });

  it('lets a floor manager write on their floor only', async () => {
    expect((await multipart(`ziel/${WOHNZIMMER}/`, { ziel: '22' }, HAUSMEISTER)).status).toBe(200);
    await forbidden(await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '22' }, HAUSMEISTER));
  });
});

describe('POST /api/rooms/{roomId}/limits', () => {
  const setLimits = (roomId: number, fields: Record<string, string>, user = demo) => {
    const form = new FormData();
    form.set('user', user[0]);
    form.set('password', user[1]);
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    return server().request(`/api/rooms/${roomId}/limits`, { method: 'POST', body: form });
  };

  it('sets limits for those who manage the room; they bind the others at once', async () => {
    const response = await setLimits(WOHNZIMMER, { min: '17', max: '22,5' }, HAUSMEISTER);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Room).limits).toEqual({ min: 17, max: 22.5 });
    expect((await room(WOHNZIMMER)).limits).toEqual({ min: 17, max: 22.5 });
    expect((await multipart(`ziel/${WOHNZIMMER}/`, { ziel: '23' }, VERWALTER)).status).toBe(400);
    expect((await multipart(`ziel/${WOHNZIMMER}/`, { ziel: '23' }, HAUSMEISTER)).status).toBe(200);
    // Audited, with before and after.
    const audit = await server().request(`/api/audit/?room=${WOHNZIMMER}`, { auth: demo });
    const entries = ((await audit.json()) as { entries: { action: string; after: unknown }[] })
      .entries;
    expect(entries.find((entry) => entry.action === 'limits-changed')?.after).toEqual({
      limits: { min: 17, max: 22.5 },
    });
  });

  it('removes them with both fields empty', async () => {
    const response = await setLimits(SCHLAFZIMMER, { min: '', max: '' });
    expect(response.status).toBe(200);
    expect((await room(SCHLAFZIMMER)).limits).toBeNull();
    expect((await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '28' }, MIETER)).status).toBe(200);
  });

  it('refuses those who do not manage the room, and bad limits, with clear answers', async () => {
    await forbidden(await setLimits(SCHLAFZIMMER, { min: '16', max: '20' }, HAUSMEISTER));
    await forbidden(await setLimits(SCHLAFZIMMER, { min: '16', max: '20' }, MIETER));
    expect((await setLimits(999, { min: '16', max: '20' })).status).toBe(404);
    for (const [fields, field] of [
      [{ min: '16' }, 'max'],
      [{ max: '20' }, 'min'],
      [{ min: '16.3', max: '20' }, 'min'],
      [{ min: '16', max: '31' }, 'max'],
      [{ min: '22', max: '20' }, 'min'],
      [{ min: 'warm', max: '20' }, 'min'],
    ] as const) {
      const response = await setLimits(SCHLAFZIMMER, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as ApiErrorBody;
      expect(body.messages?.[field], JSON.stringify(fields)).toBeDefined();
    }
    expect((await room(SCHLAFZIMMER)).limits).toEqual({ min: 16, max: 23 });
  });
});

describe('validity', () => {
  it('lets a user sign in outside it, with no rooms, until their first day', async () => {
    expect(await json<Permissions>('permissions/', NACHMIETER)).toMatchObject({
      access_to_smart: 'no-access',
      access_to_pro: 'no-access',
      can_make_temporary_changes: false,
      valid_from: '2026-12-01',
    });
    await forbidden(await get('temps/', NACHMIETER));
    await forbidden(await multipart(`ziel/${SCHLAFZIMMER}/`, { ziel: '20' }, NACHMIETER));
    clock.set('2026-12-01T00:00');
    expect(roomIds(await json<Floor[]>('temps/', NACHMIETER))).toEqual([SCHLAFZIMMER]);
  });

  it('ends after the last day, which is included', async () => {
    clock.set('2026-11-22T23:59');
    expect((await get('temps/', VORMIETER)).status).toBe(200);
    clock.set('2026-11-23T00:00');
    await forbidden(await get('temps/', VORMIETER));
  });
});

describe('with ANONYMOUS_READ', () => {
  it('lets a signed-in user read any room, as anyone may without credentials; lists keep the scope', async () => {
    const open = await startTestServer({ seed: scopedSeed(), config: { anonymousRead: true } });
    try {
      const read = (path: string, auth?: [string, string]) =>
        open.request(`/get/json/v1/1/${path}`, auth ? { auth } : {});
      expect((await read(`temps/${WOHNZIMMER}/`)).status).toBe(200);
      expect((await read(`temps/${WOHNZIMMER}/`, MIETER)).status).toBe(200);
      expect(roomIds((await (await read('temps/', MIETER)).json()) as Floor[])).toEqual([
        SCHLAFZIMMER,
      ]);
      expect(roomIds((await (await read('temps/')).json()) as Floor[])).toHaveLength(7);
    } finally {
      await open.close();
    }
  });
});
