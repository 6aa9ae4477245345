import { readFileSync } from 'node:fs';
import { expect, signIn, test as base } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

// Proxy mode (UPSTREAM_URL): the device is our own server with ANONYMOUS_READ, so, like a real
// Controme, it answers reads whatever the password. It knows only the device account; the
// people sign in at the proxy, with the proxy's own users.
const DEVICE_USER = 'geraet-konto';
const DEVICE_PASSWORD = 'geraet-geheim-7781';
const demoBuilding = JSON.parse(
  readFileSync(
    new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
    'utf8',
  ),
) as { users: unknown[] };
const deviceAccount = {
  username: DEVICE_USER,
  email: 'geraet@example.com',
  password: DEVICE_PASSWORD,
  firstName: 'Raumregler',
  lastName: 'Server',
  access: { smart: 'full', pro: 'full' },
};

const test = base.extend<{ device: RunningServer }>({
  device: async ({}, use) => {
    const device = await startServer({
      seed: { ...demoBuilding, users: [deviceAccount] },
      env: { ANONYMOUS_READ: 'true', WEB_DIST: '' },
    });
    await use(device);
    await device.stop();
  },
  server: async ({ device }, use) => {
    // The building's users, moved over with a seed file (README: the CLI does the same).
    const server = await startServer({
      seed: demoBuilding,
      env: {
        UPSTREAM_URL: device.origin,
        UPSTREAM_USER: DEVICE_USER,
        UPSTREAM_PASSWORD: DEVICE_PASSWORD,
      },
    });
    await use(server);
    await server.stop();
    expect(server.output()).not.toContain(DEVICE_PASSWORD);
  },
});

test('proxy mode: people sign in with our accounts and see the device’s rooms', async ({
  page,
  device,
}) => {
  // The device would answer this read to anyone.
  expect((await fetch(`${device.origin}/get/json/v1/1/temps/`)).status).toBe(200);
  await page.goto('auth/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  // No demo login on a real building.
  await expect(page.getByText(/Passwort demo1234/)).toHaveCount(0);

  await signIn(page, { username: 'demo', password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldedaten sind nicht korrekt');
  await expect(page).toHaveURL(/auth\/login$/);

  await signIn(page, { username: 'demo', password: 'demo1234' });
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await menu
    .getByRole('button', { name: 'Räume im Erdgeschoss ein- oder ausblenden' })
    .first()
    .click();
  await expect(menu.getByRole('link', { name: 'Wohnzimmer' })).toBeVisible();
});
