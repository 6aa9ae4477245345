import { expect, signIn, test } from '../support/fixtures';

test('an unknown address lands on the 404 page, which leads home', async ({ page }) => {
  await page.goto('somewhere/that/does-not-exist');
  await expect(page).toHaveURL(/\/re\/home\/error\/404$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Diese Seite haben wir verloren' }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Diese Seite haben wir verloren – Raumregler');
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  // Home needs a sign-in; the login page is where a stranger ends up.
  await expect(page).toHaveURL(/auth\/login$/);
});

test('/error is the 404 page, in English too', async ({ page }) => {
  await page.goto('error?lang=en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We have lost this page' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/re/home');
});

test('/error/500 offers Contact Us and Back to Home', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.goto('error/500?lang=en');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Internal Server Error' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /^mailto:/);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});
