import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, test as base } from '../support/fixtures';
import { demoBuilding, startDevice, startProxy as startProxyOf } from '../support/device';
import { cli, sql, type RunningServer } from '../support/server';

// Issue 33, writes in front of a device that answers like a real Controme one: our own server
// simulating with DEVICE_PROFILE=controme (an HTML page with status 200 for a refused write, "OK"
// for a taken one), and our server in proxy mode (UPSTREAM_URL) in front of it. A room the
// simulation makes ignore writes (`sim writes 5 ignored`) answers "OK" and keeps its target.
const startProxy = (device: RunningServer) => startProxyOf(demoBuilding, device);

const toast = (page: Page) =>
  page.getByRole('region', { name: /Benachrichtigungen|Notifications/ });

let device: RunningServer | undefined;
let proxy: RunningServer | undefined;
// Each test starts its own device and proxy: no demo server of the fixtures is needed.
const test = base.extend({ baseURL: async ({}, use) => use(undefined) });
test.afterEach(async () => {
  await proxy?.stop();
  await device?.stop();
  proxy = device = undefined;
});

/** Signs in at the proxy through its login form; the overview opens. */
async function signIn(page: Page) {
  await page.goto(`${proxy!.appUrl}auth/login`);
  await page.getByLabel('Benutzername').fill(demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle('Übersicht – Raumregler');
}

async function openRoom(page: Page, roomId: number, name: string) {
  await signIn(page);
  await page.goto(`${proxy!.appUrl}room-control/smart/room/${roomId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const dial = page.getByRole('slider', { name: `Zieltemperatur ${name}` });
  await expect(dial).not.toHaveAttribute('aria-readonly', 'true');
  return dial;
}

test('a room that ignores writes: the dial’s change is reported as not taken, and the dial goes back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  device = await startDevice(demoBuilding, { DEVICE_PROFILE: 'controme' });
  proxy = await startProxy(device);
  await cli(device, 'sim', 'writes', '5', 'ignored');
  const dial = await openRoom(page, 5, 'Schlafzimmer');
  const before = Number(await dial.getAttribute('aria-valuenow'));
  const asked = (before + 0.5).toLocaleString('de-DE', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });

  await dial.focus();
  await page.keyboard.press('ArrowUp');
  await expect(toast(page)).toContainText('Die Zieltemperatur konnte nicht gesetzt werden.', {
    // Our server looks twice, 2 s apart, before it says so.
    timeout: 15_000,
  });
  await expect(toast(page)).toContainText(`Der Regler hat ${asked} °C nicht übernommen.`);
  await expect(dial).toHaveAttribute('aria-valuenow', String(before));
  await expect(page.getByText('Gespeichert')).toHaveCount(0);
  // The device answered: no "no connection" banner.
  await expect(page.getByText('Keine Verbindung zum Regler.')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // Taken again: the same change is saved.
  await cli(device, 'sim', 'writes', '5', 'taken');
  await dial.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Gespeichert')).toBeVisible({ timeout: 15_000 });
  await expect(dial).toHaveAttribute('aria-valuenow', String(before + 0.5));
});

test('a write the device refuses with its page shows the device’s reason, never the page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  device = await startDevice(demoBuilding, { DEVICE_PROFILE: 'controme' });
  proxy = await startProxy(device);
  const dial = await openRoom(page, 1, 'Wohnzimmer');
  const before = await dial.getAttribute('aria-valuenow');
  // The installer lowers the room's upper limit at the device after the page loaded.
  sql(device, 'UPDATE rooms SET max_target = 15 WHERE id = 1');
  await dial.focus();
  await page.keyboard.press('ArrowUp');
  await expect(toast(page)).toContainText('Die Zieltemperatur konnte nicht gesetzt werden.');
  await expect(toast(page)).toContainText(
    'Der Regler hat die Änderung abgelehnt: Zieltemperatur (ziel) muss zwischen 5 und 15 °C liegen',
  );
  await expect(toast(page)).not.toContainText('Hinweis');
  await expect(dial).toHaveAttribute('aria-valuenow', before!);
  await expect(page.getByText('Keine Verbindung zum Regler.')).toHaveCount(0);
});

test('a group action names per room what the device refused and what it did not take', async ({
  page,
}) => {
  test.setTimeout(90_000);
  device = await startDevice(demoBuilding, { DEVICE_PROFILE: 'controme' });
  proxy = await startProxy(device);
  await cli(device, 'sim', 'writes', '5', 'ignored');
  sql(device, 'UPDATE rooms SET max_target = 15 WHERE id = 2');
  await signIn(page);
  const row = (room: string) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: room, exact: true }) });
  for (const room of ['Wohnzimmer', 'Küche', 'Schlafzimmer']) {
    await row(room).getByRole('checkbox').check();
  }
  await page.getByRole('button', { name: 'Vorübergehend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
  await expect(dialog.getByLabel('Temperatur (°C)')).toHaveValue('21,0');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  const status = page.getByRole('status').filter({ hasText: '3 von 3' });
  await expect(status).toContainText('2 Räume wurden nicht geändert:', { timeout: 15_000 });
  await expect(status).toContainText(
    'Küche: Der Regler hat die Änderung abgelehnt: Zieltemperatur (ziel) muss zwischen 5 und 15 °C liegen',
  );
  await expect(status).toContainText('Schlafzimmer: Der Regler hat 21,0 °C nicht übernommen.');
  await expect(status).not.toContainText('Wohnzimmer');
  await expect(row('Wohnzimmer')).toContainText('Vorübergehend bis');
  await expect(row('Schlafzimmer')).not.toContainText('Vorübergehend bis');
  await expect(page.getByText('Keine Verbindung zum Regler.')).toHaveCount(0);
});
