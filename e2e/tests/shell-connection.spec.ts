import { expect, test } from '@playwright/test';
import { demo } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

test('when the controller goes away the app says so, keeps its screen, and recovers by itself', async ({
  page,
}) => {
  server = await startServer();
  const port = new URL(server.origin).port;
  await page.goto(server.appUrl);
  await page.getByLabel('Benutzername').fill(demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();

  await server.stop();
  server = undefined;
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await menu.getByRole('link', { name: 'Darstellung' }).click();

  // Plain words, the page stays usable and signed in, no endless spinner.
  await expect(page.getByRole('alert')).toContainText('Keine Verbindung zum Regler.');
  await expect(page.getByRole('heading', { level: 1, name: 'Darstellung' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
  await expect(page).toHaveURL(/\/appearance$/);

  server = await startServer({ env: { PORT: port } });
  await expect(page.getByText('Verbindung wiederhergestellt')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(menu.getByRole('button', { name: 'Raumregelung SMART' })).toBeVisible();
  await expect(page.getByText('Verbindung wiederhergestellt')).toBeHidden({ timeout: 10_000 });
});
