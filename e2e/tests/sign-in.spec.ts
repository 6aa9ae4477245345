import { demo, expect, signIn, test } from '../support/fixtures';
import { expectNoA11yViolations } from '../support/a11y';

test('a new user signs in with the demo login shown on the page and sees the rooms', async ({
  page,
}) => {
  await page.goto('');
  await expect(page).toHaveURL(/\/re\/home\/auth\/login$/);
  // The browser tab names the page (WCAG 2.4.2), then the app.
  await expect(page).toHaveTitle('Anmelden – Raumregler');
  await expect(
    page.getByText(`Benutzername ${demo.username}, Passwort ${demo.password}`),
  ).toBeVisible();
  // The form is prefilled from the server's seed: signing in needs one click.
  await expect(page.getByLabel('Benutzername')).toHaveValue(demo.username);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  // The rooms are in the sidebar, under each floor of the SMART area.
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' }).first()).toBeVisible();
  await menu
    .getByRole('button', { name: 'Räume im Erdgeschoss ein- oder ausblenden' })
    .first()
    .click();
  await expect(menu.getByRole('link', { name: 'Wohnzimmer' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Küche' })).toBeVisible();
});

test('a wrong password is answered with a clear message', async ({ page }) => {
  await signIn(page, { username: demo.username, password: 'wrong-password' });
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldedaten sind nicht korrekt');
  await expect(page).toHaveURL(/auth\/login$/);
});

test('the login page has no accessibility violations', async ({ page }) => {
  await page.goto('auth/login');
  await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
  await expectNoA11yViolations(page, 'on /auth/login');
});
