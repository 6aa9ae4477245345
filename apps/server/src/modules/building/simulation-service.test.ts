import { valvePercent, type Floor, type FloorOutputs } from '@raumregler/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';

const demo: [string, string] = ['demo', 'demo1234'];
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

async function read(active: TestServer) {
  const temps = (await (
    await active.request('/get/json/v1/1/temps/', { auth: demo })
  ).json()) as Floor[];
  const outs = (await (
    await active.request('/get/json/v1/1/outs/', { auth: demo })
  ).json()) as FloorOutputs[];
  return {
    outs,
    room: (id: number) => temps.flatMap((floor) => floor.raeume).find((room) => room.id === id)!,
    valve: (id: number) =>
      outs.flatMap((floor) => floor.raeume).find((room) => room.id === id)!.ausgang['1'],
  };
}

describe('simulation', () => {
  it('heats a room toward a raised target, with its valve open, and the sensor reports', async () => {
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({ now: clock.now, config: { simSpeed: 1 } });
    const form = new URLSearchParams({ ziel: '25', duration: '600' });
    await server.request('/set/json/v1/1/ziel/1/', {
      method: 'POST',
      auth: demo,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    clock.advance(30 * 60_000);
    await server.app.simulate();
    const after = await read(server);
    expect(after.valve(1)).toBe(1);
    expect(after.room(1).temperatur).toBeGreaterThan(20.5);
    expect(after.room(1).sensoren[0]!.letzte_uebertragung).toBe('23.11.2026 10:30');
    expect(after.room(4)).toMatchObject({ temperatur: null, sensoren: [] });
  });

  it('stands still at SIM_SPEED 0', async () => {
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({ now: clock.now, config: { simSpeed: 0 } });
    const before = (await read(server)).room(1);
    clock.advance(3_600_000);
    await server.app.simulate();
    expect((await read(server)).room(1)).toMatchObject({
      temperatur: before.temperatur,
      luftfeuchte: before.luftfeuchte,
    });
  });

  it('opens the outputs of the rooms it heats, and the history records the valve outs shows', async () => {
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({ now: clock.now, config: { simSpeed: 1 } });
    // Room 1 far above, room 2 far below its target: one valve opens, the other stays shut.
    const post = (room: number, ziel: string) =>
      server!.request(`/set/json/v1/1/ziel/${room}/`, {
        method: 'POST',
        auth: demo,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ziel, duration: '600' }).toString(),
      });
    await post(1, '5');
    await post(2, '28');
    clock.advance(10 * 60_000);
    await server.app.simulate();
    const after = await read(server);
    expect(after.valve(1)).toBe(0);
    expect(after.valve(2)).toBe(1);

    await server.app.historyOf(server.app.houses.own()).tick();
    const rooms = after.outs.flatMap((floor) => floor.raeume);
    const recorded = async (id: number) =>
      (await server!.app.historyOf(server!.app.houses.own()).store.raw(id, 0, clock.now())).at(-1)
        ?.valve;
    expect(await recorded(1)).toBe(0);
    expect(await recorded(2)).toBe(100);
    // Every room: the history's valve is the contract's reading of what outs shows.
    for (const room of rooms) {
      expect(await recorded(room.id), room.name).toBe(valvePercent(room.ausgang));
    }
  });
});
