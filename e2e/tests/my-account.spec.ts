import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';

// Issue 31: "Mein Konto". A signed-in user changes their password with the keyboard, stays
// signed in (also across a reload), and after signing out only the new password works.
test('a user changes their own password under Mein Konto and signs in with the new one', async ({
  page,
  browser,
  server,
}) => {
  await signIn(page, { username: 'bewohner', password: 'bewohner1234' });
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();

  const userButton = page.getByRole('button', { name: /Benutzermenü von bewohner/ }).first();
  await userButton.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Mein Konto' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/re\/home\/account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expectNoA11yViolations(page, 'Mein Konto');

  // Keyboard only: type into each field, Tab to the next, Enter submits.
  const current = page.getByLabel('Aktuelles Passwort');
  await current.focus();
  await page.keyboard.type('bewohner1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('kurz');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Neues Passwort', { exact: true })).toHaveAccessibleDescription(
    'Das Passwort muss mindestens 6 Zeichen lang sein',
  );
  await page.getByLabel('Neues Passwort', { exact: true }).fill('frisch-gewaehlt');
  await page.getByLabel('Neues Passwort bestätigen').focus();
  await page.keyboard.type('frisch-gewaehlt');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  await expect(current).toHaveValue('');

  // The session goes on with the new password, across a reload too.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Mein Konto' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();

  await userButton.click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/auth\/login/);

  // The old password is refused, the new one signs in.
  const other = await browser.newPage({ baseURL: server.appUrl });
  await signIn(other, { username: 'bewohner', password: 'bewohner1234' });
  await expect(other.getByRole('alert')).toHaveText('Die Anmeldedaten sind nicht korrekt');
  await other.close();
  await signIn(page, { username: 'bewohner', password: 'frisch-gewaehlt' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();
});
