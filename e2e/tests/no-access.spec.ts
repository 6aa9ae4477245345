import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { cli } from '../support/server';

const gast = { username: 'gast', password: 'gast12345' };

// A user as an administrator adds one: the CLI, on the running server's database, with the
// default access (no-access in both areas).
test.beforeEach(async ({ server }) => {
  await cli(
    server,
    'user',
    'add',
    gast.username,
    '--email',
    'gast@example.com',
    '--password',
    gast.password,
  );
});

test('a user with no access sees "Kein Zugriff", not empty menus or a lost connection', async ({
  page,
}) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(new URL(response.url()).pathname);
  });
  await signIn(page, gast);
  await expect(page.getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible();
  await expect(page.getByText(/Sie sind als gast angemeldet/)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toHaveCount(0);
  // The server refused the temps; the app did not take that for a lost connection, and did not
  // ask again and again.
  await page.waitForTimeout(2_500);
  await expect(page.getByText('Keine Verbindung zum Regler.')).toHaveCount(0);
  expect(refused.filter((path) => /\/temps\/?$/.test(path)).length).toBe(1);
  await expectNoA11yViolations(page, 'on the no-access page');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeVisible();
  await expectNoA11yViolations(page, 'on the no-access page, dark, on a phone');

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/auth\/login$/);
});

test('in English it says "No access"', async ({ page }) => {
  await page.goto('auth/login?lang=en');
  await page.getByLabel('Username').fill(gast.username);
  await page.getByLabel('Password', { exact: true }).fill(gast.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'No access' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/auth\/login/);
});
