import { describe, expect, it } from 'vitest';
import { demoSeed, startTestServer } from '../../../test-support/test-server.js';
import { generateBuilding } from '../../../test-support/generate-building.js';
import { serverPerTest } from '../../../test-support/test-server.js';
import { demo } from '../../../test-support/writes.js';
import { berlin } from '../../../test-support/test-server.js';
import { sceneName } from '../heizprogramm.js';

// 2026-11-23 is a Monday; in November Berlin is UTC+1.
const AT = '2026-11-23T10:00';
const { server } = serverPerTest(AT);

/** The demo building's scenes at Monday 10:00: each level, when a room's week next switches to it. */
const DEMO_PROGRAMME = [
  ['Komfort 23,0 °C', '2026-11-24 05:45'],
  ['Komfort 21,5 °C', '2026-11-28 08:00'],
  ['Komfort 21,0 °C', '2026-11-24 06:00'],
  ['Komfort 20,5 °C', '2026-11-24 06:30'],
  ['Komfort 20,0 °C', '2026-11-24 06:30'],
  ['Komfort 19,0 °C', '2026-11-24 06:00'],
  ['Absenkung 18,5 °C', '2026-11-23 20:00'],
  ['Absenkung 18,0 °C', '2026-11-23 21:30'],
  ['Absenkung 17,0 °C', '2026-11-23 18:00'],
].map(([name, next_due_time], index) => ({ id: index + 1, name, next_due_time, active: true }));

describe('GET heizprogramm/', () => {
  it("lists the scenes of the rooms' weeks with the next time each starts in the building", async () => {
    const response = await server().request('/get/json/v1/1/heizprogramm/', { auth: demo });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(DEMO_PROGRAMME);
    // Under /api for the web app as well; reads need the read capability, as temps/ does.
    const api = await server().request('/api/get/json/v1/1/heizprogramm', { auth: demo });
    expect(await api.json()).toEqual(DEMO_PROGRAMME);
    expect((await server().request('/get/json/v1/1/heizprogramm/')).status).toBe(401);
  });

  it('answers the same in DEVICE_PROFILE=controme, without credentials', async () => {
    const local = await startTestServer({
      now: () => berlin(AT),
      config: { deviceProfile: 'controme' },
    });
    try {
      const response = await local.request('/get/json/v1/1/heizprogramm/');
      expect(await response.json()).toEqual(DEMO_PROGRAMME);
    } finally {
      await local.close();
    }
  });

  it('answers {} when no room has a week', async () => {
    const seed = demoSeed();
    for (const floor of seed.floors) for (const room of floor.rooms) room.schedule = [];
    const local = await startTestServer({ seed, now: () => berlin(AT) });
    try {
      const response = await local.request('/get/json/v1/1/heizprogramm/', { auth: demo });
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('{}');
    } finally {
      await local.close();
    }
  });

  it('stays cheap on the 1,000-room building', async () => {
    const local = await startTestServer({ seed: generateBuilding(), now: Date.now });
    try {
      const views = local.app.houses.own().building;
      expect(views.listRooms()).toHaveLength(1000);
      const auth: [string, string] = ['bench', 'bench-password-1'];
      const first = await local.request('/get/json/v1/1/heizprogramm/', { auth });
      const points = (await first.json()) as { name: string }[];
      expect(points.length).toBeGreaterThan(3);
      expect(points.every((point) => /^(Komfort|Absenkung) \d+,\d °C$/.test(point.name))).toBe(
        true,
      );
      // Rendered at most once per second: a poll costs what a cached temps/ costs.
      const started = performance.now();
      for (let i = 0; i < 50; i += 1) {
        await local.request('/get/json/v1/1/heizprogramm/', { auth });
      }
      expect((performance.now() - started) / 50).toBeLessThan(20);
    } finally {
      await local.close();
    }
  });

  it('names a scene by its level', () => {
    expect(sceneName(21)).toBe('Komfort 21,0 °C');
    expect(sceneName(19)).toBe('Komfort 19,0 °C');
    expect(sceneName(18.5)).toBe('Absenkung 18,5 °C');
  });
});
