import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';

/** Stores the theme before the app starts, as a returning user has it. */
async function useTheme(page: Page, themeMode: 'light' | 'dark') {
  await page.addInitScript((mode) => {
    localStorage.setItem('settings-configs', JSON.stringify({ themeMode: mode }));
  }, themeMode);
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => useTheme(page, theme));

    test('login and error pages have no accessibility violations', async ({ page }) => {
      await page.goto('auth/login');
      await expect(page.locator('html')).toHaveClass(theme);
      await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
      await expectNoA11yViolations(page, `on /auth/login (${theme})`);
      await page.getByRole('button', { name: 'Anmelden' }).focus();
      await page.getByLabel('Benutzername').fill('');
      await page.getByRole('button', { name: 'Anmelden' }).click();
      await expect(page.getByText('Benutzername ist erforderlich')).toBeVisible();
      await expectNoA11yViolations(page, `on /auth/login with errors (${theme})`);

      for (const path of ['error/404', 'error/500']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoA11yViolations(page, `on /${path} (${theme})`);
      }
    });

    test('signed-in screens and menus have no accessibility violations', async ({ page }) => {
      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(theme);
      await expectNoA11yViolations(page, `on / (${theme})`);

      await page
        .getByRole('button', { name: 'Räume im Erdgeschoss ein- oder ausblenden' })
        .first()
        .click();
      await page.getByRole('button', { name: /Benutzermenü von demo/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoA11yViolations(page, `with the user menu open (${theme})`);
      await page.keyboard.press('Escape');

      await page
        .getByRole('navigation', { name: 'Hauptmenü' })
        .getByRole('link', { name: 'Darstellung' })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: 'Darstellung' })).toBeVisible();
      await expectNoA11yViolations(page, `on /appearance (${theme})`);

      await page.getByRole('radio', { name: 'Dunkel' }).nth(1).check({ force: true });
      await expectNoA11yViolations(page, `with a dark sidebar (${theme})`);
    });

    test('the mobile layout and its sheet have no accessibility violations', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expectNoA11yViolations(page, `on / at 390 px (${theme})`);
      await page.getByRole('button', { name: 'Menü öffnen' }).click();
      await expect(page.getByRole('dialog', { name: 'Hauptmenü' })).toBeVisible();
      await expectNoA11yViolations(page, `with the menu sheet open (${theme})`);
    });
  });
}
