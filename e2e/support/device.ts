import { readFileSync } from 'node:fs';
import { startServer, type RunningServer } from './server';

/**
 * Proxy mode (UPSTREAM_URL) in e2e: the device is our own server, simulating; our server sits
 * in front of it. The device knows only the device account and answers reads to anyone, as a
 * real Controme does; the people sign in at the proxy, with the proxy's own users.
 */
export const DEVICE_USER = 'geraet-konto';
export const DEVICE_PASSWORD = 'geraet-geheim-7781';
const deviceAccount = {
  username: DEVICE_USER,
  email: 'geraet@example.com',
  password: DEVICE_PASSWORD,
  firstName: 'Raumregler',
  lastName: 'Server',
  access: { smart: 'full', pro: 'full' },
};

export interface Building {
  users: unknown[];
}

export const demoBuilding = JSON.parse(
  readFileSync(
    new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
    'utf8',
  ),
) as Building;

/** A simulating device holding `building`, with the device account as its only user. */
export const startDevice = (building: Building, env: Record<string, string> = {}) =>
  startServer({
    seed: { ...building, users: [deviceAccount] },
    env: { ANONYMOUS_READ: 'true', WEB_DIST: '', ...env },
  });

/** Our server in front of `device`, with the building's users (moved over with a seed file). */
export const startProxy = (
  building: Building,
  device: RunningServer,
  env: Record<string, string> = {},
) =>
  startServer({
    seed: building,
    env: {
      UPSTREAM_URL: device.origin,
      UPSTREAM_USER: DEVICE_USER,
      UPSTREAM_PASSWORD: DEVICE_PASSWORD,
      ...env,
    },
  });
