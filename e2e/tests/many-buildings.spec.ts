import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, signIn, test } from '../support/fixtures';
import { dial } from '../support/rooms';
import { basic as basicOf, demoManages, openBuildingsPage } from '../support/buildings';
import { cli, type RunningServer } from '../support/server';

/*
 * Issue 37 in the browser, on the real built server with the demo building: a second building
 * added with the CLI on the running server's data, the demo user given access there. The app
 * opens a building by `?house=N` (kept for the tab), its writes go to that building only, and a
 * user without access there gets a clear page instead of a blank one.
 */
const bewohner = { username: 'bewohner', password: 'bewohner1234' } as const;
const UNKNOWN_DE = 'Dieses Gebäude gibt es nicht oder Sie haben keinen Zugang.';
const UNKNOWN_EN = 'This building does not exist or you have no access to it.';

const basic = (user: { username: string; password: string }) =>
  basicOf(user.username, user.password);

/** Room 1's target in building `house`, as the device API answers it. */
async function target(server: RunningServer, house: number) {
  const response = await fetch(`${server.origin}/get/json/v1/${house}/temps/1/`, {
    headers: { authorization: basic(demo) },
  });
  const [room] = (await response.json()) as { solltemperatur: number }[];
  return room!.solltemperatur;
}

/** "Schule Nord" as house 2, the demo user with full access there; served within 5 s. */
async function addSchuleNord(server: RunningServer) {
  await cli(server, 'building', 'add', '--house-id', '2', '--name', 'Schule Nord');
  await demoManages(server, 2);
}

async function openBuildings(page: Page) {
  await openBuildingsPage(page);
  await expect(page.getByText('2 Gebäude', { exact: true })).toBeVisible();
}

test('opens Schule Nord from Gebäude and sets a target there; building 1 keeps its own', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await addSchuleNord(server);
  const before = { 1: await target(server, 1), 2: await target(server, 2) };
  await openBuildings(page);
  const table = page.getByRole('table', { name: 'Ihre Gebäude' });
  await expect(table.getByRole('rowheader')).toHaveText(['Musterhaus', 'Schule Nord']);
  await expectNoA11yViolations(page, 'buildings, two, desktop light');

  await table.getByRole('link', { name: 'Schule Nord' }).click();
  await expect(page).toHaveURL(/\/re\/home\/\?house=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  // The frame names the building opened (the sidebar's home link).
  await expect(page.getByRole('link', { name: 'Raumregler Schule Nord' })).toBeVisible();
  // A page opened without the query in this tab stays in Schule Nord.
  await page.goto('room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  await expect(slider).toHaveAttribute('aria-valuenow', /^\d/);
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await slider.focus();
  await page.keyboard.press('PageUp');
  await expect(page.getByText('Gespeichert')).toBeVisible();
  await expect.poll(() => target(server, 2)).toBe(start + 1);
  expect(start).toBe(before[2]);
  expect(await target(server, 1)).toBe(before[1]);
});

test('a user of building 1 only sees no Gebäude entry, and ?house=2 says so plainly', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await addSchuleNord(server);
  await signIn(page, bewohner);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: 'Benutzermenü von bewohner' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Gebäude' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto('?house=2');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Gebäude nicht gefunden' }),
  ).toBeVisible();
  await expect(page.getByText(UNKNOWN_DE)).toBeVisible();
  await expectNoA11yViolations(page, 'unknown building, desktop light');
  // The way out: this host's own building, the tab's choice forgotten.
  await page.getByRole('button', { name: 'Zur Startseite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
});

test.describe('on a phone, dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  test('Gebäude lists both buildings as cards', async ({ page, server }) => {
    await addSchuleNord(server);
    await openBuildings(page);
    const cards = page.getByRole('list', { name: 'Ihre Gebäude' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(1)).toContainText('Schule Nord');
    await expect(page.locator('html')).toHaveClass(/dark/);
    await expectNoA11yViolations(page, 'buildings cards, phone dark');
  });

  test('a building without access says so, in English too', async ({ page, server }) => {
    await addSchuleNord(server);
    await signIn(page, bewohner);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('?house=2&lang=en');
    await expect(page.getByRole('heading', { level: 1, name: 'Building not found' })).toBeVisible();
    await expect(page.getByText(UNKNOWN_EN)).toBeVisible();
    await expectNoA11yViolations(page, 'unknown building, phone dark');
  });
});
