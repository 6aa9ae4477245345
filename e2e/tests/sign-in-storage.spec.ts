import { expect, signIn, test } from '../support/fixtures';

// Issue 18, item 3: a browser whose storage refuses every write (blocked, or full) used to bounce
// back to the login page without a word after signing in.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
});

test('signs in with blocked storage, says the sign-in is not remembered, and works', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  const note = page.getByRole('status').filter({ hasText: 'nicht speichern' });
  await expect(note).toContainText('Nach dem Neuladen oder Schließen der Seite');
  // The session held in memory carries the next pages.
  await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('link', { name: 'Darstellung' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Darstellung' })).toBeVisible();
  await note.getByRole('button', { name: 'Hinweis schließen' }).click();
  await expect(note).toBeHidden();
});

test('the note is in English too', async ({ page }) => {
  await page.goto('auth/login?lang=en');
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel(/^Password$/).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'does not let' })).toContainText(
    'After reloading or closing the page you will have to sign in again.',
  );
});
