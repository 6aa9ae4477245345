import type { DeviceInfo, Floor, Permissions } from '@raumregler/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { importSeed } from '../seed-import.js';
import {
  demoSeed,
  demoSeedWithGuest,
  GUEST,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../../test-support/test-server.js';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

const demo: [string, string] = ['demo', 'demo1234'];

describe('GET info', () => {
  it('answers the device info to valid Basic credentials, at the root and under /api', async () => {
    for (const path of [
      '/get/json/v1/1/info/',
      '/api/get/json/v1/1/info',
      '//get/json/v1/1/info',
    ]) {
      const response = await server.request(path, { auth: demo });
      expect(response.status, path).toBe(200);
      const info = (await response.json()) as DeviceInfo;
      expect(info.name).toBe('Musterhaus');
      expect(info['app-compatibility']).toBe(true);
    }
  });

  it('answers 401 with a Basic challenge and a JSON error to wrong or missing credentials', async () => {
    for (const auth of [
      undefined,
      ['demo', 'wrong'] as [string, string],
      ['nobody', 'demo1234'] as [string, string],
    ]) {
      const response = await server.request('/get/json/v1/1/info/', auth ? { auth } : {});
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Basic realm="Raumregler"/);
      expect(await response.json()).toMatchObject({ error: 'unauthorized' });
    }
  });

  it('shows a building renamed by another process within two seconds', async () => {
    const clock = manualClock('2026-11-25T10:00');
    const local = await startTestServer({ now: clock.now });
    try {
      const name = async () =>
        ((await (await local.request('/get/json/v1/1/info/', { auth: demo })).json()) as DeviceInfo)
          .name;
      expect(await name()).toBe('Musterhaus');
      // The CLI's `seed import` with the same house id and a new name.
      const seed = demoSeed();
      await importSeed(
        local.app.sql,
        { ...seed, building: { ...seed.building, name: 'Haus am See' } },
        clock.now(),
      );
      const until = Date.now() + 2_000;
      while ((await name()) !== 'Haus am See' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await name()).toBe('Haus am See');
    } finally {
      await local.close();
    }
  });

  it('tells nobody the Node version: not a user without access, not anonymous, not a reader', async () => {
    // Issue 31, 4: `os` was `node v20…` for anyone who could sign in, access or not.
    const local = await startTestServer({
      seed: demoSeedWithGuest(),
      config: { anonymousRead: true },
    });
    try {
      for (const auth of [GUEST, undefined, demo]) {
        const response = await local.request('/get/json/v1/1/info/', auth ? { auth } : {});
        expect(response.status).toBe(200);
        const info = (await response.json()) as DeviceInfo;
        // The field stays (the contract's schema has it), with no version in it.
        expect(typeof info.os).toBe('string');
        expect(info.os).not.toContain(process.version);
        expect(info.os).not.toMatch(/node|v\d+\./i);
      }
    } finally {
      await local.close();
    }
  });

  it('leaves out the Basic challenge for the web app, so the browser shows no dialog', async () => {
    const response = await server.request('/api/get/json/v1/1/info/', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBeNull();
  });
});

describe('GET permissions', () => {
  it('shows access changed meanwhile (by the CLI, say) within a second', async () => {
    const clock = manualClock('2026-11-25T10:00');
    const local = await startTestServer({ now: clock.now });
    try {
      const permissions = async () =>
        (await (
          await local.request('/get/json/v1/1/permissions/', { auth: demo })
        ).json()) as Permissions;
      const before = await permissions();
      const user = (await local.app.repos.users.findByUsername('demo'))!;
      const other = before.access_to_smart === 'full' ? 'read' : 'full';
      await local.app.repos.users.setAccess(local.app.sql, user.id, other, user.accessPro);
      clock.advance(1000);
      expect((await permissions()).access_to_smart).toBe(other);
    } finally {
      await local.close();
    }
  });
});

describe('GET temps', () => {
  it('lists the seeded floors and rooms from the database, umlauts intact', async () => {
    const response = await server.request('/api/get/json/v1/1/temps/', { auth: demo });
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const floors = (await response.json()) as Floor[];
    expect(floors.map((floor) => floor.etagenname)).toEqual(['EG', 'OG']);
    const names = floors.flatMap((floor) => floor.raeume.map((room) => room.name));
    expect(names).toContain('Küche');
    expect(names).toContain('Bad OG');
    const guestWc = floors[0]!.raeume.find((room) => room.name === 'Gäste-WC')!;
    expect(guestWc.temperatur).toBeNull();
  });
});

describe('unknown paths', () => {
  it('answer 404 with a JSON error, never HTML', async () => {
    const response = await server.request('/get/json/v1/1/nonsense/', { auth: demo });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: 'not_found' });
  });
});
