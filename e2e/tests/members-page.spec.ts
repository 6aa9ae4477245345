import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';

/**
 * The members page (issue 34) on a phone and in the dark, by keyboard, and with a long list: the
 * members API's answers are stood in for here (its exact shapes), so the page is checked on its
 * own; members.spec.ts runs the whole journey against the real API.
 */
const member = (username: string, fields: Record<string, unknown> = {}) => ({
  username,
  email: `${username}@example.com`,
  language: 'de',
  access_to_smart: 'permanent',
  access_to_pro: 'no-access',
  floors: [],
  rooms: [],
  valid_from: null,
  valid_until: null,
  last_sign_in: null,
  ...fields,
});

async function standInMembers(page: Page, count: number) {
  const members = [
    member('demo', {
      access_to_smart: 'full',
      access_to_pro: 'full',
      last_sign_in: '2026-11-20T08:15:00+01:00',
    }),
    member('mieterin', {
      rooms: [2],
      floors: [2],
      valid_from: '2026-01-01',
      valid_until: '2099-12-31',
    }),
    ...Array.from({ length: count }, (_, index) =>
      member(`mitglied${String(index).padStart(4, '0')}`, { rooms: [1, 2, 3, 4, 5] }),
    ),
  ];
  await page.route('**/api/members/', (route) =>
    route.request().method() === 'GET' ? route.fulfill({ json: { members } }) : route.fallback(),
  );
}

test.describe('in the dark on a phone', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('cards, the form by keyboard, axe clean', async ({ page }) => {
    await standInMembers(page, 3);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('members');
    await expect(page.locator('html')).toHaveClass(/dark/);
    const list = page.getByRole('list', { name: 'Mitglieder des Gebäudes' });
    await expect(list.getByRole('listitem')).toHaveCount(5);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(list.getByRole('listitem').nth(1)).toContainText('OG, Küche');
    await expectNoA11yViolations(page, 'members cards, dark phone');

    // By keyboard: the add button opens the form, Escape closes it, focus returns.
    const add = page.getByRole('button', { name: 'Mitglied hinzufügen' });
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Mitglied hinzufügen' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Benutzername')).toBeVisible();
    await expectNoA11yViolations(page, 'add member dialog, dark phone');
    // The dialog fits the phone's width.
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(add).toBeFocused();
  });
});

test('a long list on a desktop: a table drawn near the viewport, searchable', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await standInMembers(page, 1000);
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.goto('members');
  await expect(page.getByText('1.002 Mitglieder')).toBeVisible();
  const table = page.getByRole('table', { name: 'Mitglieder des Gebäudes' });
  await expect(table).toHaveAttribute('aria-rowcount', '1003');
  expect(await table.getByRole('rowheader').count()).toBeLessThan(100);
  await expect(table.getByRole('row').nth(3)).toContainText(
    'Wohnzimmer, Küche, Arbeitszimmer und 2 weitere',
  );
  await expectNoA11yViolations(page, 'members table');
  await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).fill('mitglied0999');
  await expect(table.getByRole('rowheader')).toHaveCount(1);
  await expect(page.getByText('1 Treffer von 1.002')).toBeVisible();
});
