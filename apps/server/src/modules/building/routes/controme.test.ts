import { valvesByRoom, type FloorOutputs, type Room } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  manualClock,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';
import { demo } from '../../../test-support/writes.js';
import { lastReport } from '../controme.js';
import { createSimFaultsRepository } from '../sim-faults-repository.js';
import { reread } from '../../../test-support/building.js';

// DEVICE_PROFILE=controme against clean: the same seed, clock and SIM_SPEED=0 on both servers.
// 2026-11-23 is a Monday; in November Berlin is UTC+1.
const clock = manualClock('2026-11-23T10:00');
let clean: TestServer;
let controme: TestServer;
beforeEach(async () => {
  clock.set('2026-11-23T10:00');
  clean = await startTestServer({ now: clock.now });
  controme = await startTestServer({ now: clock.now, config: { deviceProfile: 'controme' } });
});
afterEach(async () => {
  await clean.close();
  await controme.close();
});

type Json = Record<string, unknown>;
const get = async (server: TestServer, path: string, auth: [string, string] | null = demo) => {
  const response = await server.request(`/get/json/v1/1/${path}`, auth ? { auth } : {});
  expect(response.status, path).toBe(200);
  return (await response.json()) as unknown;
};
const roomsOf = (floors: unknown) =>
  (floors as { raeume: Json[] }[]).flatMap((floor) => floor.raeume);
const write = (server: TestServer, path: string, fields: Record<string, string>, user = demo) =>
  server.request(`/set/json/v1/1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ user: user[0], password: user[1], ...fields }).toString(),
  });
/** Opens the valves of some rooms in both databases, as the simulation would. */
const openValves = async (ids: number[]) => {
  for (const server of [clean, controme]) {
    server.app.store
      .sqlite!.prepare(`UPDATE rooms SET valve_open = 1 WHERE id IN (${ids.join(',')})`)
      .run();
    await reread(server.app);
  }
  clock.advance(1000);
};

describe('DEVICE_PROFILE=clean', () => {
  it('answers the contract: numbers, string modes, no offsets, relays, JSON rooms on writes', async () => {
    for (const room of roomsOf(await get(clean, 'temps/'))) {
      expect(['number', 'object']).toContain(typeof room.temperatur);
      expect(['number', 'object']).toContain(typeof room.luftfeuchte);
      expect(typeof room.betriebsart).toBe('string');
      expect(room.offsets).toEqual({});
      expect(room.total_offset).toBe(0);
    }
    const outs = (await get(clean, 'outs/')) as FloorOutputs[];
    expect(outs[0]!.raeume[0]!.ausgang).toEqual({ '1': 0 });
    const response = await write(clean, 'soll/1/', { soll: '20' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await response.json()) as Room).perm_solltemperatur).toBe(20);
    expect((await clean.request('/get/json/v1/1/temps/')).status).toBe(401);
  });
});

describe('DEVICE_PROFILE=controme: temps', () => {
  it("gives every third temperatur and even rooms' luftfeuchte as text holding the clean number", async () => {
    const cleanRooms = roomsOf(await get(clean, 'temps/'));
    const rooms = roomsOf(await get(controme, 'temps/'));
    expect(rooms.map((room) => room.id)).toEqual(cleanRooms.map((room) => room.id));
    for (const [index, room] of rooms.entries()) {
      const twin = cleanRooms[index]!;
      const id = room.id as number;
      if (twin.temperatur === null) expect(room.temperatur).toBeNull();
      else {
        expect(typeof room.temperatur, `room ${id}`).toBe(id % 3 === 0 ? 'string' : 'number');
        expect(Number(room.temperatur)).toBe(twin.temperatur);
      }
      if (twin.luftfeuchte === null) expect(room.luftfeuchte).toBeNull();
      else {
        expect(typeof room.luftfeuchte, `room ${id}`).toBe(id % 2 === 0 ? 'string' : 'number');
        expect(Number(room.luftfeuchte)).toBe(twin.luftfeuchte);
      }
      // Everything else is the clean answer's.
      for (const key of ['solltemperatur', 'perm_solltemperatur', 'next_due_time', 'betriebsart']) {
        expect(room[key], `${key} of room ${id}`).toEqual(twin[key]);
      }
    }
    // The demo's rooms 3 and 6 (19.1 °C, 19.6 °C) and 2 (52 %): text as devices send it.
    expect(rooms.find((room) => room.id === 3)!.temperatur).toBe('19.1');
    expect(rooms.find((room) => room.id === 2)!.luftfeuchte).toBe('52.0');
    expect(rooms.find((room) => room.id === 1)!.temperatur).toBe(20.5);
  });

  it('lists offsets per module, the total offset and a window contact reporting null', async () => {
    const rooms = roomsOf(await get(controme, 'temps/'));
    for (const room of rooms) {
      expect(room.total_offset).toBe(0);
      expect(room.offsets).toEqual({
        Wetter: { raum: 0, haus: 0 },
        Heizflächenoptimierung: { raum: 0, haus: 0 },
        api: { raum: 0, haus: 0 },
        Funksollregelung: { raum: 0, haus: 0 },
      });
    }
    const bedroom = rooms.find((room) => room.id === 5)!;
    const sensors = bedroom.sensoren as Json[];
    expect(sensors).toHaveLength(2);
    expect(sensors[0]).toMatchObject({ raumtemperatursensor: true, wert: 18.2 });
    expect(sensors[1]).toMatchObject({
      name: 'fk-000005',
      beschreibung: 'Fensterkontakt Schlafzimmer',
      wert: null,
      raumtemperatursensor: false,
    });
    expect(sensors[1]!.letzte_uebertragung).toMatch(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    // Only ids divisible by 5 have one; the room without a sensor lists none.
    expect((rooms.find((room) => room.id === 1)!.sensoren as Json[]).length).toBe(1);
    expect(rooms.find((room) => room.id === 4)!.sensoren).toEqual([]);
  });

  it("moves a sensor's letzte_uebertragung every 3–5 minutes, in local time", async () => {
    const contactTimes = new Set<string>();
    for (let minute = 0; minute < 30; minute += 1) {
      const contact = (
        roomsOf(await get(controme, 'temps/')).find((room) => room.id === 5)!.sensoren as Json[]
      )[1]!;
      contactTimes.add(contact.letzte_uebertragung as string);
      clock.advance(60_000);
    }
    // Seed 6: every 3 minutes → 10 distinct times within 30 minutes, each in the past.
    expect(contactTimes.size).toBe(10);
    expect([...contactTimes][0]).toMatch(/^23\.11\.2026 (09:5\d|10:00)$/);
    // Each sensor keeps one period of 3, 4 or 5 minutes, by its seed.
    for (const seed of [1, 2, 3, 17, 1000]) {
      const changes: number[] = [];
      let last = lastReport(0, seed);
      for (let minute = 0; minute < 120; minute += 1) {
        const at = lastReport(minute * 60_000, seed);
        expect(at).toBeLessThanOrEqual(minute * 60_000);
        if (at !== last) changes.push(minute);
        last = at;
      }
      const gaps = changes.slice(1).map((minute, i) => minute - changes[i]!);
      expect(new Set(gaps).size, `seed ${seed}`).toBe(1);
      expect(gaps[0]).toBeGreaterThanOrEqual(3);
      expect(gaps[0]).toBeLessThanOrEqual(5);
    }
  });

  it('keeps temps/{id}/ a one-element array', async () => {
    const answer = (await get(controme, 'temps/3/')) as Json[];
    expect(answer).toHaveLength(1);
    expect(answer[0]).toMatchObject({ id: 3, temperatur: '19.1' });
    // The whole simulated device answers so, at the root and under /api alike.
    const api = await controme.request('/api/get/json/v1/1/temps/3/');
    expect(await api.json()).toEqual(answer);
  });

  it('answers every GET without checking credentials, missing or wrong', async () => {
    for (const auth of [
      null,
      ['demo', 'falsch'] as [string, string],
      ['niemand', 'x'] as [string, string],
    ]) {
      for (const path of ['info/', 'temps/', 'temps/1/', 'rooms/', 'outs/', 'heizprogramm/']) {
        await get(controme, path, auth);
      }
    }
    // Writes still check them.
    const response = await write(controme, 'soll/1/', { soll: '20' }, ['demo', 'falsch']);
    expect(response.status).toBe(401);
  });
});

describe('DEVICE_PROFILE=controme: outs', () => {
  it('spaces the keys of even rooms, gives analog 0/100 on ids 1, 4, 7 and the same valves as clean', async () => {
    await openValves([1, 2, 3, 7]);
    const outs = (await get(controme, 'outs/')) as FloorOutputs[];
    const byId = new Map(outs.flatMap((floor) => floor.raeume).map((room) => [room.id, room]));
    expect(byId.get(1)!.ausgang).toEqual({ '1': 100 });
    expect(byId.get(2)!.ausgang).toEqual({ ' 2': 1 });
    expect(byId.get(3)!.ausgang).toEqual({ '3': 1 });
    expect(byId.get(4)!.ausgang).toEqual({ ' 4': 0 });
    expect(byId.get(7)!.ausgang).toEqual({ '7': 100 });
    const valves = valvesByRoom(outs);
    expect(valves).toEqual(valvesByRoom(await get(clean, 'outs/')));
    expect([...valves.values()]).toEqual([100, 100, 100, 0, 0, 0, 100]);
  });
});

describe('DEVICE_PROFILE=controme: writes', () => {
  it('answers a taken write with a short OK and changes the room as clean does', async () => {
    const response = await write(controme, 'ziel/1/', { ziel: '23.5', duration: '60' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('OK');
    const cleanAnswer = (await (
      await write(clean, 'ziel/1/', { ziel: '23.5', duration: '60' })
    ).json()) as Room;
    const [room] = (await get(controme, 'temps/1/')) as Json[];
    expect(room!.solltemperatur).toBe(23.5);
    expect(room!.mode_end_datetime).toBe(cleanAnswer.mode_end_datetime);
  });

  it('answers a refused write with a long HTML page, status 200, the reason in German', async () => {
    for (const [path, fields, reason] of [
      ['ziel/1/', { ziel: '99' }, 'Zieltemperatur (ziel) muss zwischen 5 und 30 °C liegen'],
      ['soll/1/', {}, 'Solltemperatur (soll) fehlt'],
      ['soll/1/', { soll: 'warm' }, 'Solltemperatur (soll) ist keine Zahl'],
      ['rooms/1/', { action: 'betriebsart', value: 'turbo' }, 'Betriebsart (value) ist ungültig'],
      ['ziel/999/', { ziel: '21' }, 'Raum 999 existiert nicht'],
    ] as const) {
      const response = await write(controme, path, fields);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page.length).toBeGreaterThan(2000);
      expect(page).toContain(`<title>${reason}</title>`);
      expect(page).toContain(`<h1>${reason}</h1>`);
      // The clean profile answers the same write 400 or 404.
      expect([400, 404]).toContain((await write(clean, path, fields)).status);
    }
    // Nothing was changed.
    const [room] = (await get(controme, 'temps/1/')) as Json[];
    expect(room!.solltemperatur).toBe(21);
  });

  it('answers betriebsart as an integer after a mode write, the mode the room has', async () => {
    for (const [value, number] of [
      ['off', 1],
      ['on', 3],
      ['cooling', 0],
      ['heating', 2],
      ['Off', 1],
      ['on', 3],
    ] as const) {
      const response = await write(controme, 'rooms/2/', { action: 'betriebsart', value });
      expect(await response.text()).toBe('OK');
      await write(clean, 'rooms/2/', { action: 'betriebsart', value });
      clock.advance(1000);
      const room = roomsOf(await get(controme, 'temps/')).find((entry) => entry.id === 2)!;
      expect(room.betriebsart, value).toBe(number);
      const twin = roomsOf(await get(clean, 'temps/')).find((entry) => entry.id === 2)!;
      // 3 ("on") is heating again: the clean answer says Heating.
      expect(twin.betriebsart).toBe(['Cooling', 'Off', 'Heating', 'Heating'][number]);
    }
    // A room whose mode nobody wrote keeps its word.
    const other = roomsOf(await get(controme, 'temps/')).find((entry) => entry.id === 1)!;
    expect(other.betriebsart).toBe('Heating');
  });
});

describe('sim fault: the device takes no writes', () => {
  it('answers a write to such a room as taken and keeps its old values (both profiles)', async () => {
    for (const server of [clean, controme]) {
      const faults = createSimFaultsRepository(server.app.sql, server.app.config.houseId);
      await server.app.commit((tx) => faults.set(tx, 1, 'writes_ignored', true));
    }
    const cleanAnswer = await write(clean, 'ziel/1/', { ziel: '25', duration: '60' });
    expect(cleanAnswer.status).toBe(200);
    expect(((await cleanAnswer.json()) as Room).solltemperatur).toBe(21);
    const answer = await write(controme, 'soll/1/', { soll: '25' });
    expect(await answer.text()).toBe('OK');
    expect(
      await (await write(controme, 'rooms/1/', { action: 'betriebsart', value: 'off' })).text(),
    ).toBe('OK');
    clock.advance(1000);
    for (const server of [clean, controme]) {
      const room = roomsOf(await get(server, 'temps/')).find((entry) => entry.id === 1)!;
      expect(room).toMatchObject({
        solltemperatur: 21,
        perm_solltemperatur: 21,
        betriebsart: 'Heating',
      });
      expect(room.is_temporary_mode).toBe(false);
    }
    // Another room takes writes; `taken` ends the fault.
    expect(await (await write(controme, 'soll/2/', { soll: '22' })).text()).toBe('OK');
    const faults = createSimFaultsRepository(controme.app.sql, controme.app.config.houseId);
    await controme.app.commit((tx) => faults.set(tx, 1, 'writes_ignored', false));
    await write(controme, 'soll/1/', { soll: '22' });
    clock.advance(1000);
    const rooms = roomsOf(await get(controme, 'temps/'));
    expect(rooms.find((entry) => entry.id === 1)!.perm_solltemperatur).toBe(22);
    expect(rooms.find((entry) => entry.id === 2)!.perm_solltemperatur).toBe(22);
  });
});
