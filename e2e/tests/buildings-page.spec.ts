import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { sql, type RunningServer } from '../support/server';

/*
 * Issue 37, the Gebäude page, on the real built server with the demo building (frozen
 * simulation). The building is put into a known state through its database, as an installer
 * would: 21 °C targets and readings, the Wohnzimmer at 17 °C and the Küche at 18.5 °C (both more than 1 K
 * below), two valves open, and a too-cold alarm in the Wohnzimmer.
 */
function troubledBuilding(server: RunningServer) {
  sql(server, 'DELETE FROM schedule_points');
  sql(server, 'UPDATE rooms SET base_target = 21, valve_open = 0');
  sql(server, 'UPDATE rooms SET temperature = 21 WHERE temperature IS NOT NULL');
  sql(server, 'UPDATE rooms SET temperature = 17, valve_open = 1 WHERE id = 1');
  sql(server, 'UPDATE rooms SET temperature = 18.5, valve_open = 1 WHERE id = 2');
  sql(
    server,
    `INSERT INTO alarms (house_id, room_id, room_name, floor_name, floor_id, kind, since, opened_at, value, target, state)
     VALUES (1, 1, 'Wohnzimmer', 'EG', 1, 'too-cold', CAST(strftime('%s', 'now') AS INTEGER) * 1000,
             CAST(strftime('%s', 'now') AS INTEGER) * 1000, 17, 21, 'active')`,
  );
}

/** The overview's summary figures (the home page) as numbers. */
async function overviewFigures(page: Page) {
  const summary = page.getByRole('navigation', { name: 'Zusammenfassung' });
  await expect(summary.getByRole('link', { name: /Heizbedarf \d+ %/ })).toBeVisible();
  await expect(summary.getByRole('link', { name: /\d+ Alarm/ })).toBeVisible();
  const text = (await summary.textContent()) ?? '';
  const number = (pattern: RegExp) => Number(pattern.exec(text)?.[1]);
  return {
    rooms: number(/(\d+) Räume/),
    below: number(/(\d+) unter Ziel/),
    demand: number(/Heizbedarf (\d+) %/),
    alarms: number(/(\d+) Alarme?/),
  };
}

async function openBuildings(page: Page, server: RunningServer) {
  troubledBuilding(server);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  const overview = await overviewFigures(page);
  await page.goto('buildings');
  await expect(page.getByRole('heading', { level: 1, name: 'Gebäude' })).toBeVisible();
  await expect(page.getByText('1 Gebäude', { exact: true })).toBeVisible();
  return overview;
}

test('shows the demo building with the overview’s figures, and opens its overview', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const overview = await openBuildings(page, server);
  expect(overview).toEqual({ rooms: 7, below: 2, demand: 29, alarms: 1 });
  const table = page.getByRole('table', { name: 'Ihre Gebäude' });
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText('Musterhaus');
  await expect(row.getByRole('cell')).toHaveText([
    String(overview.rooms),
    String(overview.below),
    String(overview.alarms),
    `${overview.demand} %`,
    'Wohnzimmer (EG): 17,0 °C, 4,0 K unter Ziel',
  ]);
  // One building today: the user menu does not offer the page.
  await page.getByRole('button', { name: 'Benutzermenü von demo' }).click();
  await expect(page.getByRole('menuitem', { name: 'Mein Konto' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Gebäude' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await row.getByRole('link', { name: 'Musterhaus' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(scheme, () => {
    test.use({ colorScheme: scheme });
    test(`has no axe violations in ${scheme}`, async ({ page, server }) => {
      await openBuildings(page, server);
      await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
      await expect(page.getByRole('table', { name: 'Ihre Gebäude' })).toBeVisible();
      await expectNoA11yViolations(page, `buildings, ${scheme}`);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('cards that fit the width, searchable', async ({ page, server }) => {
    await openBuildings(page, server);
    const list = page.getByRole('list', { name: 'Ihre Gebäude' });
    const card = list.getByRole('listitem');
    await expect(card).toHaveCount(1);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(card).toContainText('Wohnzimmer (EG): 17,0 °C, 4,0 K unter Ziel');
    await page.screenshot({ path: test.info().outputPath('buildings-phone.png'), fullPage: true });
    await expect
      .poll(() =>
        page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBe(0);
    const box = (await card.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page, 'buildings cards, phone');

    await page.getByRole('searchbox', { name: 'Gebäude suchen (Name, Host-Label)' }).fill('xyz');
    await expect(page.getByText('Kein Gebäude passt zur Suche.')).toBeVisible();
    await expect(page.getByText('0 von 1 Gebäuden')).toBeVisible();
  });
});
