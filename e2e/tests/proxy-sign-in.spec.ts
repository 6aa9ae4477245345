import { DEVICE_PASSWORD, demoBuilding, startDevice, startProxy } from '../support/device';
import { expect, signIn, test as base } from '../support/fixtures';
import type { RunningServer } from '../support/server';

// Proxy mode (UPSTREAM_URL), e2e/support/device.ts: like a real Controme, the device answers
// reads whatever the password; the people sign in at the proxy, with the proxy's own users.
const test = base.extend<{ device: RunningServer }>({
  device: async ({}, use) => {
    const device = await startDevice(demoBuilding);
    await use(device);
    await device.stop();
  },
  server: async ({ device }, use) => {
    const server = await startProxy(demoBuilding, device);
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
