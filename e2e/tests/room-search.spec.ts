import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';

// Navigation at building scale (issue 18, item 10): the mega menu, the "Find room" command and
// the sidebar, on the demo and on the generated 1,000-room building (20 floors × 50 rooms).

test.describe('on the demo building', () => {
  test('Ctrl+K, typing, ArrowDown and Enter open the room page', async ({ page }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Raum suchen' });
    const box = dialog.getByRole('combobox', { name: 'Raum' });
    await expect(box).toBeFocused();
    // Accents and case do not matter: "kuche" finds the Küche, "ZIMMER" several rooms.
    await box.fill('kuche');
    await expect(dialog.getByRole('option')).toHaveText([/Küche/]);
    await box.fill('ZIMMER');
    const options = dialog.getByRole('option');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    const second = (await options.nth(1).locator('span').first().textContent())!;
    await box.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await options.nth(1).getAttribute('id'))!,
    );
    await box.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/room-control\/smart\/room\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: second })).toBeVisible();
  });

  test('the header search button opens the dialog, axe finds nothing (light, dark), Escape returns focus', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    const button = page.getByRole('button', { name: 'Raum suchen' });
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Raum suchen' });
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await expect(dialog.getByRole('listbox').getByRole('option').first()).toBeVisible();
    await expectNoA11yViolations(page, 'room search dialog');
    await page.evaluate(() => {
      document.documentElement.classList.replace('light', 'dark');
      document.documentElement.classList.add('dark');
    });
    await expectNoA11yViolations(page, 'room search dialog, dark');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('on the 1,000-room building', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-building-'));
  const seedFile = path.join(dir, 'building.json');
  writeFileSync(seedFile, JSON.stringify(generateBuilding(20, 50)));
  test.use({ serverEnv: { SEED_FILE: seedFile } });

  test('the mega menu lists the floors with their room counts, not 1,000 rooms', async ({
    page,
  }) => {
    await signIn(page, benchUser);
    const mega = page.getByRole('navigation', { name: 'Schnellzugriff' });
    await mega.getByRole('button', { name: 'Raumregelung SMART' }).click();
    await expect(mega.getByRole('link', { name: 'Erdgeschoss · 50 Räume' })).toHaveAttribute(
      'href',
      '/re/home/room-control/smart/1',
    );
    await expect(mega.getByRole('link')).toHaveCount(20 + 1); // the floors, and "Darstellung"
    await expect(mega.getByRole('link', { name: 'Raum 1.01' })).toHaveCount(0);
    await mega.getByRole('link', { name: '19. OG · 50 Räume' }).click();
    await expect(page).toHaveURL(/\/room-control\/smart\/20$/);
  });

  test('find a room by number and by floor, open it, and see it in the sidebar', async ({
    page,
  }) => {
    await signIn(page, benchUser);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Raum suchen' });
    const box = dialog.getByRole('combobox');
    // 1,000 matches: 50 shown, and a hint to narrow them down.
    await expect(dialog.getByRole('option')).toHaveCount(50);
    await expect(dialog).toContainText('50 von 1.000 Räumen gezeigt');
    await box.fill('19. og 20.4');
    await expect(dialog.getByRole('option')).toHaveCount(10);
    await box.press('ArrowDown');
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Raum 20.42' })).toBeVisible();

    await page.keyboard.press('Control+k');
    await box.fill('1000');
    await expect(dialog.getByRole('option').first()).toContainText('Raum 20.50');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Raum 20.50' })).toBeVisible();
    // The sidebar has the last floor open and the room, 1,000th in the list, in view.
    const sidebar = page.getByRole('navigation', { name: 'Hauptmenü' });
    const current = sidebar.getByRole('link', { name: 'Raum 20.50' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toBeInViewport();
  });
});
