import type { Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/fixtures';
import { sql, type RunningServer } from '../support/server';
import { dial, signInAndOpen } from '../support/rooms';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

function cli(server: RunningServer, ...args: string[]) {
  execFileSync('node', ['apps/server/dist/cli.js', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: server.dataDir },
  });
}

const toast = (page: Page) =>
  page.getByRole('region', { name: /Benachrichtigungen|Notifications/ });

test("a target outside the room's limits shows the controller's reason in German", async ({
  page,
  server,
}) => {
  await signInAndOpen(page, 'room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  await expect(slider).toBeVisible();
  const stylesheets = () => page.evaluate(() => document.styleSheets.length);
  const stylesheetsBefore = await stylesheets();
  // The installer lowers the room's upper limit after the page loaded.
  sql(server, 'UPDATE rooms SET max_target = 15 WHERE id = 1');
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(toast(page)).toContainText('Die Zieltemperatur konnte nicht gesetzt werden.');
  await expect(toast(page)).toContainText('Die Temperatur muss zwischen 5 und 15 °C liegen.');
  // Sonner's styles come with the app's stylesheet: the toast is a card in the corner, and the
  // toaster's code added no stylesheet to the shown page (which would have restyled all of it).
  await expect(toast(page).locator('[data-sonner-toaster]')).toHaveCSS('position', 'fixed');
  await expect(toast(page).locator('[data-sonner-toast]').first()).toHaveCSS(
    'position',
    'absolute',
  );
  expect(await stylesheets()).toBe(stylesheetsBefore);
});

test('a user whose write access is taken away meanwhile is told why the save failed', async ({
  page,
  server,
}) => {
  await signInAndOpen(page, 'room-control/smart/room/1?lang=en');
  const slider = page.getByRole('slider', { name: 'Target temperature Wohnzimmer' });
  await expect(slider).not.toHaveAttribute('aria-readonly', 'true');
  cli(server, 'user', 'access', 'demo', '--smart', 'read', '--pro', 'read');
  // The server trusts a user record it read for a second.
  await page.waitForTimeout(1_200);
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(toast(page)).toContainText('You may not change temperatures.');
});
