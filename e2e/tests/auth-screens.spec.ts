import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test } from '../support/fixtures';

const layouts = [
  { name: 'branded', base: 'auth' },
  { name: 'classic', base: 'auth/classic' },
] as const;

/** Each auth screen of this area with a heading that proves it rendered. */
const screens = [
  { path: 'reset-password', heading: 'Passwort vergessen?' },
  { path: 'reset-password/enter-email', heading: 'Ihre E-Mail-Adresse' },
  {
    // Opened directly, nothing was sent (the sent state is checked after a request below).
    path: 'reset-password/check-email?email=demo%40example.com',
    heading: 'Noch kein Link gesendet',
  },
  {
    path: 'reset-password/change?token=t&email=demo%40example.com',
    heading: 'Neues Passwort festlegen',
  },
  { path: 'reset-password/change', heading: 'Neues Passwort festlegen' },
  { path: 'reset-password/changed', heading: 'Passwort geändert' },
  { path: '2fa', heading: 'Bestätigung in zwei Schritten' },
  // Issue 34: a new member's invitation link.
  {
    path: 'invitation?token=t&email=anna%40example.com&user=anna',
    heading: 'Willkommen bei Raumregler',
  },
];

async function setDark(page: Page, dark: boolean) {
  // axe must measure the colours of the theme, not a frame of the 300 ms colour transition.
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  await page.evaluate((on) => {
    document.documentElement.classList.toggle('dark', on);
    document.documentElement.classList.toggle('light', !on);
  }, dark);
}

for (const layout of layouts) {
  test(`every ${layout.name} auth screen passes axe, light and dark`, async ({ page }) => {
    // Fourteen axe runs: each adds its own budget to the test's timeout (support/a11y.ts).
    for (const screen of screens) {
      await page.goto(`${layout.base}/${screen.path}`);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
      for (const dark of [false, true]) {
        await setDark(page, dark);
        await expectNoA11yViolations(page, `on ${layout.base}/${screen.path} (dark: ${dark})`);
      }
    }
  });
}

test('the success and error states pass axe too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('auth/reset-password');
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByText('E-Mail-Adresse ist erforderlich')).toBeVisible();
  await expectNoA11yViolations(page, 'with a field error');
  await page.getByLabel('E-Mail-Adresse').fill('demo@example.com');
  await page.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
  await expect(page.getByText(/Link zum Zurücksetzen gesendet/)).toBeVisible();
  await setDark(page, true);
  await expectNoA11yViolations(page, 'on check-email after sending');
});

test('unknown auth paths lead to the 404 page, in both layouts', async ({ page }) => {
  for (const path of ['auth/unbekannt', 'auth/classic/reset-password/falsch']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/re\/home\/error\/404$/);
  }
});

test('the branded layout names the building and fits a 390 px phone', async ({ page }) => {
  await page.goto('auth/reset-password');
  await expect(page.getByText(/Musterhaus/).first()).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Link zum Zurücksetzen senden' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
});
