import type { Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { sql, type RunningServer } from '../support/server';

/*
 * Issue 32, heating demand, on the generated 1,000-room building (20 floors of 50 rooms; the
 * third floor is "2. OG", rooms 101–150). The simulation stands still (SIM_SPEED 0), so the
 * valves are set here, through the database as an installer would: rooms whose id ends in 0, 1,
 * 5 or 6 (id % 5 is 0 or 1) and every room of "2. OG" have their relay open. That is 400 + 30 =
 * 430 open valves of 1,000 rooms: Heizbedarf 43 %, on "2. OG" 100 %.
 */

const OPEN = 'id % 5 IN (0, 1) OR floor_id = 3';
const OPEN_COUNT = 430;

const table = (page: Page) => page.getByRole('table');

/** The cell of the Ventil column in the row at `rowIndex` (aria-rowindex; 2 is the first room). */
async function valveAt(page: Page, rowIndex: number) {
  const headers = await table(page).locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === 'Ventil');
  expect(index).toBeGreaterThanOrEqual(0);
  return table(page).locator(`tbody tr[aria-rowindex="${rowIndex}"] td:nth-child(${index + 1})`);
}

/** The Ventil texts of the rows drawn now, top to bottom, as numbers (null for a dash). */
async function drawnValves(page: Page) {
  const headers = await table(page).locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === 'Ventil');
  const texts = await table(page)
    .locator(`tbody tr[aria-rowindex] td:nth-child(${index + 1})`)
    .allTextContents();
  return texts.map((text) => (text.includes('–') ? null : Number(text.replace(/\D/g, ''))));
}

/** Scrolls the virtualized table until the row at `rowIndex` is drawn. */
async function scrollToRow(page: Page, rowIndex: number) {
  const target = table(page).locator(`tbody tr[aria-rowindex="${rowIndex}"]`);
  await expect
    .poll(async () => {
      if ((await target.count()) > 0) return true;
      await page.evaluate(
        (share) => {
          window.scrollTo(0, document.documentElement.scrollHeight * share);
        },
        (rowIndex - 2) / 1000,
      );
      return false;
    })
    .toBe(true);
  await target.scrollIntoViewIfNeeded();
}

test.describe('heating demand on the 1,000-room building', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-demand-'));
  const seedFile = path.join(dir, 'building.json');
  writeFileSync(seedFile, JSON.stringify(generateBuilding(20, 50)));
  test.use({ serverEnv: { SEED_FILE: seedFile } });

  async function openOverview(page: Page, server: RunningServer, search = '') {
    sql(server, `UPDATE rooms SET valve_open = CASE WHEN ${OPEN} THEN 1 ELSE 0 END`);
    await signIn(page, benchUser);
    await expect(page).not.toHaveURL(/auth\/login/);
    await page.goto(search);
    await expect(table(page)).toHaveAttribute('aria-rowcount', '1001');
  }

  test('the Ventil column sorts descending and ascending, values in order over all rooms', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openOverview(page, server);
    const header = table(page).getByRole('columnheader', { name: 'Ventil' });
    const button = header.getByRole('button', { name: 'Ventil' });
    // Building order first: room 1 (open), 2 (shut), 3 (shut).
    await expect(await valveAt(page, 2)).toHaveText('100 %');
    await expect(await valveAt(page, 3)).toHaveText('0 %');

    await button.click();
    await button.click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/[?&]sort=-valve(&|$)/);
    // The 430 open valves first, then the shut ones: the boundary is between rows 431 and 432.
    await expect.poll(() => drawnValves(page)).toEqual(expect.arrayContaining([100]));
    let top = await drawnValves(page);
    expect(top.every((value) => value === 100)).toBe(true);
    await scrollToRow(page, OPEN_COUNT + 2);
    await expect(await valveAt(page, OPEN_COUNT + 1)).toHaveText('100 %');
    await expect(await valveAt(page, OPEN_COUNT + 2)).toHaveText('0 %');
    const around = await drawnValves(page);
    expect(around).toEqual([...around].sort((a, b) => b! - a!));

    await page.evaluate(() => window.scrollTo(0, 0));
    await button.click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page).toHaveURL(/[?&]sort=valve(&|$)/);
    await expect(await valveAt(page, 2)).toHaveText('0 %');
    top = await drawnValves(page);
    expect(top.every((value) => value === 0)).toBe(true);
    // 570 shut valves, then the open ones.
    await scrollToRow(page, 1000 - OPEN_COUNT + 2);
    await expect(await valveAt(page, 1000 - OPEN_COUNT + 1)).toHaveText('0 %');
    await expect(await valveAt(page, 1000 - OPEN_COUNT + 2)).toHaveText('100 %');
    const later = await drawnValves(page);
    expect(later).toEqual([...later].sort((a, b) => a! - b!));
    // The sort is in the URL: a reload keeps it.
    await page.reload();
    await expect(table(page).getByRole('columnheader', { name: 'Ventil' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  test('Heizbedarf is the mean valve of the rooms in the filter; "heizt" shows the rooms that heat', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openOverview(page, server);
    const summary = page.getByRole('navigation', { name: 'Zusammenfassung' });
    await expect(summary.getByRole('link', { name: 'Heizbedarf 43 %' })).toBeVisible();

    // One floor: the figure follows the filter.
    await page.getByLabel('Geschoss', { exact: true }).selectOption({ label: '2. OG' });
    await expect(summary.getByRole('link', { name: 'Heizbedarf 100 %' })).toBeVisible();
    await page.getByLabel('Geschoss', { exact: true }).selectOption({ label: '3. OG' });
    await expect(summary.getByRole('link', { name: 'Heizbedarf 40 %' })).toBeVisible();
    await page.getByLabel('Geschoss', { exact: true }).selectOption({ label: 'Alle Geschosse' });
    await expect(summary.getByRole('link', { name: 'Heizbedarf 43 %' })).toBeVisible();

    // The state filter "heizt": the rooms whose valve is open at all.
    await page.getByLabel('Zustand').selectOption({ label: 'heizt' });
    await expect(page).toHaveURL(/[?&]state=demand(&|$)/);
    await expect(page.getByText(/^430 von 1\.?000 Räumen$/)).toBeVisible();
    const shown = await drawnValves(page);
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.every((value) => value !== null && value > 0)).toBe(true);
    await expect(table(page).getByRole('link', { name: 'Raum 1.01', exact: true })).toBeVisible();
    await expect(table(page).getByRole('link', { name: 'Raum 1.02', exact: true })).toHaveCount(0);
    await expect(summary.getByRole('link', { name: 'Heizbedarf 100 %' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expectNoA11yViolations(page, 'overview, state=demand');

    // The figure links to the same filter from the default view.
    await page.goto('');
    await summary.getByRole('link', { name: 'Heizbedarf 43 %' }).click();
    await expect(page).toHaveURL(/[?&]state=demand(&|$)/);
    await expect(page.getByText(/^430 von 1\.?000 Räumen$/)).toBeVisible();

    // English.
    await page.goto('?sort=-valve&lang=en');
    await expect(page.getByRole('link', { name: 'Heating demand 43 %' })).toBeVisible();
    await expect(table(page).getByRole('columnheader', { name: 'Valve' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('the room page says "Ventil … %", and a phone card shows the valve', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await openOverview(page, server);
    await page.goto('room-control/smart/room/1');
    await expect(page.getByRole('heading', { level: 1, name: 'Raum 1.01' })).toBeVisible();
    await expect(page.getByText('Ventil 100 %', { exact: true })).toBeVisible();
    await page.goto('room-control/smart/room/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Raum 1.02' })).toBeVisible();
    await expect(page.getByText('Ventil 0 %', { exact: true })).toBeVisible();
    // The history records the valve: the Verlauf offers its series.
    await page.getByRole('heading', { name: 'Verlauf' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('checkbox', { name: 'Ventil' })).toBeChecked({ timeout: 30_000 });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('?q=Raum 1.01');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: 'Raum 1.01', exact: true }) });
    await expect(card.getByRole('definition').last()).toHaveText('100 %');
    await expect(card.getByRole('term').last()).toHaveText('Ventil');
  });
});
