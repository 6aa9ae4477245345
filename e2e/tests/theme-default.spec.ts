import { expect, signIn, test } from '../support/fixtures';

for (const scheme of ['dark', 'light'] as const) {
  test.describe(`with nothing stored and a ${scheme} system`, () => {
    test.use({ colorScheme: scheme });

    test(`the first paint is ${scheme} and the appearance page has System selected`, async ({
      page,
    }) => {
      // No app code at all: only the inline boot script can set the theme.
      await page.route('**/assets/*.js', (route) => route.abort());
      await page.goto('auth/login');
      await expect(page.locator('html')).toHaveClass(scheme);
      expect(await page.evaluate(() => localStorage.getItem('settings-configs'))).toBeNull();
      await page.unroute('**/assets/*.js');

      await signIn(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(scheme);
      await page.goto('appearance');
      const theme = page.getByRole('radiogroup', { name: 'Farbschema' });
      await expect(theme.getByRole('radio', { name: 'System' })).toBeChecked();
      await expect(page.locator('html')).toHaveClass(scheme);
    });
  });
}
