import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { signInAndOpen } from '../support/rooms';
import { demoManages } from '../support/buildings';
import { cli, sql } from '../support/server';

/**
 * The pictures in README.md and docs/ (docs/images), taken from the real app on the demo
 * building: `npm run docs:screenshots`. Not part of `npm test`: it writes files and asserts
 * nothing a user would notice (e2e/docs.config.ts).
 */
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

const images = new URL('../../docs/images/', import.meta.url).pathname;
const schedule = (page: Page) => page.getByRole('region', { name: 'Wochenplan' });
const point = (page: Page, name: string) =>
  schedule(page).getByRole('button', { name, exact: true });

test('the Wochenplan, desktop and phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 1100 });
  await signInAndOpen(page, 'room-control/smart/room/1');
  await point(page, 'Montag 06:00, 21,0 °C').click();
  await page.mouse.move(0, 0);
  await schedule(page).scrollIntoViewIfNeeded();
  await page.waitForTimeout(300);
  await schedule(page).screenshot({ path: `${images}schedule.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await point(page, 'Montag 06:00, 21,0 °C').click();
  // The section's top just below the sticky header, as a person scrolled there sees it.
  await schedule(page).evaluate((element) =>
    window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY - 72),
  );
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${images}schedule-phone.png` });
});

test('the room overview, desktop and phone', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAndOpen(page, '?sort=deviation');
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr')).not.toHaveCount(0);
  // Three rooms selected: the group actions' toolbar shows.
  for (const checkbox of (await table.locator('tbody input[type="checkbox"]').all()).slice(0, 3))
    await checkbox.check();
  await expect(page.getByRole('toolbar')).toBeVisible();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${images}overview.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('?sort=deviation');
  await expect(page.getByRole('list', { name: 'Räume' }).getByRole('listitem')).not.toHaveCount(0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${images}overview-phone.png` });
});

test('the Gebäude page with three buildings, desktop and phone', async ({ page, server }) => {
  const buildings: [string, string, string][] = [
    ['2', 'Schule Nord', 'schule-nord'],
    ['3', 'Kita Sonnenschein', 'kita'],
  ];
  for (const [houseId, name, label] of buildings) {
    await cli(
      server,
      'building',
      'add',
      '--house-id',
      houseId,
      '--name',
      name,
      '--host-label',
      label,
    );
    await demoManages(server, Number(houseId));
  }
  // A few rooms below their target in the school, as on a cold Monday morning.
  sql(server, 'UPDATE rooms SET temperature = 17.5 WHERE house_id = 2 AND id IN (1, 2, 5)');
  await page.setViewportSize({ width: 1280, height: 700 });
  await signInAndOpen(page, 'buildings');
  await expect(page.getByRole('heading', { level: 1, name: 'Gebäude' })).toBeVisible();
  await expect(page.getByText('3 Gebäude', { exact: true })).toBeVisible({ timeout: 10_000 });
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${images}buildings.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${images}buildings-phone.png` });
});
