import { expect, signIn, test } from '../support/fixtures';

test('the sidebar shows the areas the user may see, with floors and rooms', async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('button', { name: 'Raumregelung SMART' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Raumregelung PRO' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Darstellung' })).toBeVisible();

  // SMART floors and rooms link to their pages; PRO rooms are listed without links.
  const floorLinks = menu.getByRole('link', { name: 'Obergeschoss' });
  await expect(floorLinks.first()).toHaveAttribute('href', '/re/home/room-control/smart/2');
  await expect(floorLinks.nth(1)).toHaveAttribute('href', '/re/home/room-control/pro/2');
  const toggles = menu.getByRole('button', { name: 'Räume im Obergeschoss ein- oder ausblenden' });
  await toggles.first().click();
  await expect(menu.getByRole('link', { name: 'Schlafzimmer' })).toHaveAttribute(
    'href',
    /\/room-control\/smart\/room\/\d+$/,
  );
  await toggles.nth(1).click();
  await expect(menu.getByText('Schlafzimmer')).toHaveCount(2);
  await expect(menu.getByRole('link', { name: 'Schlafzimmer' })).toHaveCount(1);

  // Sections fold away and come back.
  await menu.getByRole('button', { name: 'Raumregelung PRO' }).click();
  await expect(menu.getByText('Schlafzimmer')).toHaveCount(1);
});

test('a technician without SMART access sees no SMART section', async ({ page }) => {
  await signIn(page, { username: 'techniker', password: 'techniker1234' });
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('button', { name: 'Raumregelung PRO' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Raumregelung SMART' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Schnellzugriff' })).not.toContainText('SMART');
});

test('the active page is marked in the menu and named in the breadcrumb', async ({ page }) => {
  await signIn(page);
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await menu.getByRole('link', { name: 'Darstellung' }).click();
  await expect(menu.getByRole('link', { name: 'Darstellung' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const breadcrumb = page.getByRole('navigation', { name: 'Brotkrümelnavigation' });
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText('Darstellung');
  await breadcrumb.getByRole('link', { name: 'Startseite' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
});

test('the mega menu opens a panel of floors and rooms on hover', async ({ page }) => {
  await signIn(page);
  const mega = page.getByRole('navigation', { name: 'Schnellzugriff' });
  await mega.getByRole('button', { name: 'Raumregelung SMART' }).hover();
  await expect(mega.getByRole('link', { name: 'Küche' })).toBeVisible();
  await page.mouse.move(5, 600);
  await expect(mega.getByRole('link', { name: 'Küche' })).toBeHidden();
});

test('the sidebar collapses to icons and stays so after a reload', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Seitenleiste einklappen' }).click();
  const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByText('Raumregelung SMART')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Seitenleiste ausklappen' })).toBeVisible();
  await menu.getByRole('button', { name: 'Raumregelung SMART' }).hover();
  await expect(menu.getByRole('link', { name: 'Wohnzimmer' })).toBeVisible();
});

test('German by default, English after choosing it in the user menu', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: /Benutzermenü von demo/ }).click();
  await expect(page.getByRole('menuitem', { name: /Öffentliches Profil/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.getByRole('menuitem', { name: /Sprache/ }).press('ArrowRight');
  await page.getByRole('menuitemradio', { name: 'English' }).press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toContainText('Appearance');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('dark mode from the user menu, light and system from the appearance page', async ({
  page,
}) => {
  await signIn(page);
  const html = page.locator('html');
  await expect(html).toHaveClass('light');
  await page.getByRole('button', { name: /Benutzermenü von demo/ }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Dunkelmodus' }).click();
  await expect(html).toHaveClass('dark');
  // The switch works in place: the menu stays open.
  await expect(page.getByRole('menuitemcheckbox', { name: 'Dunkelmodus' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await page.keyboard.press('Escape');

  await page
    .getByRole('navigation', { name: 'Hauptmenü' })
    .getByRole('link', { name: 'Darstellung' })
    .click();
  await expect(html).toHaveClass('dark');
  await page.getByRole('radio', { name: 'Hell' }).first().check({ force: true });
  await expect(html).toHaveClass('light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.getByRole('radio', { name: 'System' }).check({ force: true });
  await expect(html).toHaveClass('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(html).toHaveClass('light');
});

test('the appearance page saves the language and takes ?lang=', async ({ page }) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.goto('appearance?lang=en');
  await expect(page.getByRole('heading', { level: 1, name: 'Appearance' })).toBeVisible();
  await page.getByLabel('Choose language').selectOption('de');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Darstellung' })).toBeVisible();
  await expect(page.getByText('Sprache gespeichert: Deutsch')).toBeVisible();

  await page.getByRole('radio', { name: 'Dunkel' }).nth(1).check({ force: true });
  await expect(page.locator('aside')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Logo hochladen' })).toBeDisabled();
});

test('on a phone the menu slides in as a sheet', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeHidden();
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  const sheet = page.getByRole('dialog', { name: 'Hauptmenü' });
  await expect(sheet).toBeVisible();
  // Measured once the slide-in has ended: mid-transition the box is a fraction off.
  await expect.poll(async () => (await sheet.boundingBox())?.width).toBe(225);
  await sheet.getByRole('link', { name: 'Darstellung' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/appearance$/);
});

test('a stored dark theme and language are on <html> before the app code runs', async ({
  page,
}) => {
  await page.addInitScript(() => {
    localStorage.setItem('settings-configs', JSON.stringify({ themeMode: 'dark' }));
    localStorage.setItem('raumregler-i18n-config', JSON.stringify({ code: 'en' }));
  });
  // Without the app bundle, only the small pre-paint script can have set them: no white flash.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('auth/login');
  await expect(page.locator('html')).toHaveClass('dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
