import type { Page } from '@playwright/test';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test as base } from '../support/fixtures';
import {
  demoBuilding,
  startDevice,
  startProxy as startProxyOf,
  type Building,
} from '../support/device';
import type { RunningServer } from '../support/server';

// Issue 32, a dead device: proxy mode (UPSTREAM_URL), the device is our own server, stopped and
// started again on its port. ALARM_DEVICE_MINUTES=0.1: the alarm after 6 s without an answer.
const startProxy = (building: Building, device: RunningServer) =>
  startProxyOf(building, device, { ALARM_DEVICE_MINUTES: '0.1' });

const LAST_ROOMS_KEY = 'raumregler-last-rooms-v1';
/** The stored last known rooms' size in UTF-16 code units (what a storage quota counts), or 0. */
const storedSize = (page: Page) =>
  page.evaluate(
    (key) => (sessionStorage.getItem(key) ?? localStorage.getItem(key) ?? '').length,
    LAST_ROOMS_KEY,
  );

/** "Stand 07:40" as the banner writes it, for a time within the last few minutes. */
const asOf = /Stand \d{2}:\d{2}: die zuletzt bekannten Werte/;

let device: RunningServer | undefined;
let proxy: RunningServer | undefined;
// Each test starts its own device and proxy: no demo server of the fixtures is needed.
const test = base.extend({ baseURL: async ({}, use) => use(undefined) });

/** Signs in at the proxy through its login form, the way a person does. */
async function signIn(
  page: Page,
  proxy: RunningServer,
  who: { username: string; password: string },
) {
  await page.goto(`${proxy.appUrl}auth/login`);
  await page.getByLabel('Benutzername').fill(who.username);
  await page.getByLabel('Passwort', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}
test.afterEach(async () => {
  await proxy?.stop();
  await device?.stop();
  proxy = device = undefined;
});

async function openAlarms(proxy: RunningServer, auth: { username: string; password: string }) {
  const authorization = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  const answer = await fetch(`${proxy.origin}/api/alarms/?state=open`, {
    headers: { authorization },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { alarms: { kind: string }[] }).alarms;
}

test('a stopped device raises “Regler nicht erreichbar”, the last rooms stay after a reload with their time, writes are refused, and all clears when it is back', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  device = await startDevice(demoBuilding);
  const port = new URL(device.origin).port;
  proxy = await startProxy(demoBuilding, device);
  const demo = { username: 'demo', password: 'demo1234' };

  await signIn(page, proxy, demo);
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  await page.goto(`${proxy.appUrl}room-control/smart/room/1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
  const dial = page.getByRole('slider', { name: /Wohnzimmer/ });
  await expect(dial).not.toHaveAttribute('aria-readonly', 'true');
  await expect.poll(() => storedSize(page)).toBeGreaterThan(0);

  await device.stop();
  device = undefined;
  // Our server notices by itself, signed in or not: one alarm of no room.
  await expect
    .poll(async () => (await openAlarms(proxy!, demo)).map((alarm) => alarm.kind), {
      timeout: 30_000,
    })
    .toEqual(['device-offline']);

  // A reload while the device is away: the room is still there, marked with its time.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Keine Verbindung zum Regler.');
  await expect(page.getByTestId('last-known-rooms')).toHaveText(asOf);
  // A write is refused with the reason: the dial does not pretend.
  await expect(dial).toHaveAttribute('aria-readonly', 'true');
  await expect(page.getByText('Der Regler antwortet nicht:', { exact: false })).toBeVisible();
  const target = await dial.getAttribute('aria-valuenow');
  await dial.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('PageUp');
  await expect(dial).toHaveAttribute('aria-valuenow', target!);
  await expect(page.getByText('Gespeichert')).toHaveCount(0);
  await expectNoA11yViolations(page);

  // The bell and the Alarme page name it; it has no room and no value.
  await expect(page.getByRole('link', { name: 'Alarme: 1 offen' })).toBeVisible();
  await page.getByRole('link', { name: 'Alarme: 1 offen' }).click();
  const table = page.getByRole('table', { name: 'Alarme, unquittierte zuerst' });
  const alarm = table.getByRole('row').filter({ hasText: 'Regler nicht erreichbar' });
  await expect(alarm).toBeVisible();
  await expect(alarm.getByRole('link')).toHaveCount(0);
  // No room: the room cell says "–" (the first cell holds the selection's checkbox).
  await expect(alarm.getByRole('cell').nth(1)).toHaveText('–');
  await expect(alarm).not.toContainText('null');

  // Signing in needs no device: the users are ours (a fresh browser, nothing stored).
  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, proxy, demo);
  await expect(second).toHaveTitle('Übersicht – Raumregler');
  await expect(second.getByRole('link', { name: 'Alarme: 1 offen' })).toBeVisible();
  await other.close();

  // The device comes back on its port: the alarm clears, live rooms replace the stored ones.
  device = await startDevice(demoBuilding, { PORT: port });
  await expect.poll(async () => openAlarms(proxy!, demo), { timeout: 30_000 }).toEqual([]);
  await expect(page.getByText('Verbindung wiederhergestellt')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('last-known-rooms')).toHaveCount(0);
  await expect(page.getByText('Keine Alarme', { exact: true })).toBeVisible({ timeout: 15_000 });
  await page.goto(`${proxy.appUrl}room-control/smart/room/1`);
  await expect(dial).not.toHaveAttribute('aria-readonly', 'true');
});

test('the generated 1,000-room building: the last rooms fit in storage and come back after a reload while the device is away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const building = generateBuilding();
  device = await startDevice(building);
  proxy = await startProxy(building, device);
  await signIn(page, proxy, benchUser);
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  await expect(page.getByText('Raum 1.01').first()).toBeVisible();
  await expect.poll(() => storedSize(page), { timeout: 15_000 }).toBeGreaterThan(100_000);
  const size = await storedSize(page);
  console.log(`last known rooms of 1,000 rooms: ${size} UTF-16 code units stored`);
  test.info().annotations.push({ type: 'stored size', description: `${size} code units` });

  await device.stop();
  device = undefined;
  await page.reload();
  await expect(page.getByTestId('last-known-rooms')).toHaveText(asOf, { timeout: 20_000 });
  await expect(page.getByText('Raum 1.01').first()).toBeVisible();
  await expect(page.getByText('Die Räume konnten nicht geladen werden')).toHaveCount(0);
  // Every room is there, not just the first floor's.
  await page.goto(`${proxy.appUrl}room-control/smart/room/1000`);
  await expect(page.getByRole('heading', { level: 1, name: 'Raum 20.50' })).toBeVisible();
  await expect(page.getByTestId('last-known-rooms')).toHaveText(asOf);
});
