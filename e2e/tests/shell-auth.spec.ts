import { demo, expect, signIn, test } from '../support/fixtures';

test('a signed-out visitor is sent to login and comes back to the page they wanted', async ({
  page,
}) => {
  await page.goto('appearance');
  await expect(page).toHaveURL(/\/re\/home\/auth\/login$/);
  await page.getByLabel('Benutzername').fill(demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/re\/home\/appearance$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Darstellung' })).toBeVisible();
});

test('a wrong password says so, in German and in English', async ({ page }) => {
  await signIn(page, { username: demo.username, password: 'falsch123' });
  await expect(page.getByRole('alert')).toHaveText('Die Anmeldedaten sind nicht korrekt');
  await expect(page).toHaveURL(/auth\/login$/);

  await page.goto('auth/login?lang=en');
  await page.getByLabel('Username').fill(demo.username);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The login details are incorrect');
});

test('the login form checks its fields while typing and on submit', async ({ page }) => {
  await page.goto('auth/login');
  const username = page.getByLabel('Benutzername');
  await username.fill('');
  await page.getByLabel('Passwort', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByText('Benutzername ist erforderlich')).toBeVisible();
  await expect(page.getByText('Passwort ist erforderlich')).toBeVisible();
  await username.fill('ab');
  await expect(page.getByText('Mindestens 3 Zeichen')).toBeVisible();
  await username.fill('x'.repeat(51));
  await expect(page.getByText('Höchstens 50 Zeichen')).toBeVisible();
  await expect(page).toHaveURL(/auth\/login$/);
  await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
    'href',
    '/re/home/auth/reset-password',
  );
});

test('logout signs out, forgets the credentials and protects the pages again', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: /Benutzermenü von demo/ }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/auth\/login$/);
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('raumregler-auth-v1'),
    session: sessionStorage.getItem('raumregler-auth-v1'),
  }));
  expect(stored).toEqual({ local: null, session: null });
  await page.goto('');
  await expect(page).toHaveURL(/auth\/login$/);
});

test('without "remember me" the sign-in lasts only for the browser session', async ({ page }) => {
  await page.goto('auth/login');
  // The login page fills in the demo sign-in it shows, once the app config is there.
  await expect(page.getByLabel('Benutzername')).toHaveValue('demo');
  await page.getByLabel('Angemeldet bleiben').uncheck();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('raumregler-auth-v1'),
    session: JSON.parse(sessionStorage.getItem('raumregler-auth-v1') ?? 'null'),
  }));
  expect(stored.local).toBeNull();
  expect(stored.session).toMatchObject({ username: 'demo', macAddress: 'localhost' });
  expect(stored.session.deviceInfo).toMatchObject({ name: 'Musterhaus' });
});

test('credentials the device no longer accepts sign the user out at the next page change', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.evaluate(() => {
    const auth = JSON.parse(localStorage.getItem('raumregler-auth-v1')!);
    localStorage.setItem('raumregler-auth-v1', JSON.stringify({ ...auth, password: 'changed' }));
  });
  await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('link', { name: 'Darstellung' })
    .click();
  await expect(page).toHaveURL(/auth\/login$/);
  await expect(page.getByLabel('Benutzername')).toHaveValue('demo');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/appearance$/);
});
