import type {
  AlarmList,
  BuildingList,
  CreatedToken,
  Floor,
  FloorOutputs,
} from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HAUSMEISTER,
  MIETER,
  SCHLAFZIMMER,
  WOHNZIMMER,
  scopedSeed,
} from '../../test-support/scoped-building.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { demo, writesTo } from '../../test-support/writes.js';

const MINUTE = 60_000;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/**
 * The demo building at 07:40 with a temporary 28 °C in the Wohnzimmer (far below it) and a
 * silent sensor's alarm in the Schlafzimmer (raised through the alarm service, as a tick does).
 */
async function demoWithTrouble() {
  const clock = manualClock('2026-11-23T07:00');
  // Alarm durations run in the simulation's time: at SIM_SPEED 1 (the clock stands still).
  server = await startTestServer({ seed: scopedSeed(), now: clock.now, config: { simSpeed: 1 } });
  const lastReading = clock.now();
  clock.advance(40 * MINUTE);
  server.app.alarmsOf(server.app.houses.own()).evaluate(
    [
      {
        roomId: SCHLAFZIMMER,
        mode: 'Heating',
        temperature: 18.24,
        target: 18,
        reportedAt: lastReading,
      },
    ],
    clock.now(),
  );
  const write = await writesTo(() => server!).multipart(`ziel/${WOHNZIMMER}/`, {
    ziel: '28',
    duration: '120',
  });
  expect(write.status).toBe(200);
}

const get = async <T>(path: string, auth: [string, string]) => {
  const response = await server!.request(path, { auth });
  expect(response.status).toBe(200);
  return (await response.json()) as T;
};

/** What the overview shows, worked out from the device API's temps/ and outs/ and the alarms. */
async function overviewFigures(auth: [string, string]) {
  const floors = await get<Floor[]>('/api/get/json/v1/1/temps/', auth);
  const outs = await get<FloorOutputs[]>('/api/get/json/v1/1/outs/', auth);
  const alarms = await get<AlarmList>('/api/alarms/', auth);
  const rooms = floors.flatMap((floor) =>
    floor.raeume.map((room) => ({ ...room, floor: floor.etagenname })),
  );
  // Relays (0/1) on the simulated building: a room's valve is 100 % or 0 %.
  const valves: number[] = outs.flatMap((floor) =>
    floor.raeume.map((room) => (Object.values(room.ausgang).some((v) => v === 1) ? 100 : 0)),
  );
  const gaps = rooms
    .filter((room) => room.temperatur !== null)
    .map((room) => ({ room, gap: room.solltemperatur - room.temperatur! }));
  return {
    rooms: rooms.length,
    below: gaps.filter(({ gap }) => gap > 1.05).length,
    demand:
      valves.length === 0 ? null : Math.round(valves.reduce((a, b) => a + b, 0) / valves.length),
    open: alarms.alarms.length,
    worst: gaps.sort((a, b) => b.gap - a.gap)[0],
  };
}

describe('GET /api/buildings/', () => {
  it('lists the one building with the figures temps/, outs/ and /api/alarms give', async () => {
    await demoWithTrouble();
    const { buildings } = await get<BuildingList>('/api/buildings/', demo);
    const expected = await overviewFigures(demo);
    expect(expected.below).toBeGreaterThanOrEqual(1);
    expect(expected.open).toBe(1);
    expect(buildings).toEqual([
      {
        house_id: 1,
        name: expect.any(String),
        host_label: null,
        rooms: 7,
        below_target: expected.below,
        open_alarms: 1,
        demand: expected.demand,
        worst_room: {
          id: WOHNZIMMER,
          name: 'Wohnzimmer',
          floor: 'EG',
          temperature: expected.worst!.room.temperatur,
          target: 28,
          gap: Math.round(expected.worst!.gap * 10) / 10,
        },
      },
    ]);
    // A write shows at once (the rooms are kept per second and building version only).
    const write = await writesTo(() => server!).multipart('ziel/2/', {
      ziel: '29',
      duration: '60',
    });
    expect(write.status).toBe(200);
    const after = (await get<BuildingList>('/api/buildings/', demo)).buildings[0]!;
    expect(after.below_target).toBe((await overviewFigures(demo)).below);
    expect(after.worst_room?.id).toBe(2);
    const info = await get<{ name: string }>('/api/get/json/v1/1/info/', demo);
    expect(buildings[0]!.name).toBe(info.name);
    // The device API's root is the device's: ours lives under /api only.
    expect((await server!.request('/buildings/', { auth: demo })).status).toBe(404);
  });

  it('counts only the rooms of a scoped user, and the alarms they meet', async () => {
    await demoWithTrouble();
    const tenant = (await get<BuildingList>('/api/buildings/', MIETER)).buildings[0]!;
    const figures = await overviewFigures(MIETER);
    expect(figures.rooms).toBe(1);
    expect(tenant).toMatchObject({
      rooms: 1,
      below_target: figures.below,
      open_alarms: 1,
      demand: figures.demand,
    });
    // Their one room is not the Wohnzimmer, whatever the whole building's worst is.
    expect(tenant.worst_room?.id ?? SCHLAFZIMMER).toBe(SCHLAFZIMMER);

    // The caretaker of the ground floor: its four rooms, the Wohnzimmer among them, no alarm.
    const caretaker = (await get<BuildingList>('/api/buildings/', HAUSMEISTER)).buildings[0]!;
    expect(caretaker).toMatchObject({
      rooms: 4,
      open_alarms: 0,
      worst_room: expect.objectContaining({ id: WOHNZIMMER }),
    });
    expect(caretaker.below_target).toBe((await overviewFigures(HAUSMEISTER)).below);
  });

  it('answers an access token as it answers its owner, privately', async () => {
    await demoWithTrouble();
    const created = await server!.request('/api/tokens/', {
      method: 'POST',
      body: new URLSearchParams({ user: demo[0], password: demo[1], name: 'Wand', access: 'read' }),
    });
    expect(created.status).toBe(201);
    const { token } = (await created.json()) as CreatedToken;
    const response = await server!.request('/api/buildings/', {
      headers: { authorization: `Bearer ${token.token}` },
    });
    expect(response.status).toBe(200);
    // One user's figures: no shared cache may keep them.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(await response.json()).toEqual(await get<BuildingList>('/api/buildings/', demo));
  });

  it('refuses a request without credentials or with a wrong password (401)', async () => {
    const clock = manualClock('2026-11-23T07:00');
    server = await startTestServer({ now: clock.now });
    expect((await server.request('/api/buildings/')).status).toBe(401);
    expect((await server.request('/api/buildings/', { auth: ['demo', 'falsch123'] })).status).toBe(
      401,
    );
  });
});
