import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { sql, type RunningServer } from '../support/server';

/**
 * The members page (issue 34) on a phone and in the dark, by keyboard, and with a long list, on
 * the real server. The members are put into its database as an installer would (invited, no
 * password yet), so a thousand do not take a thousand invitations; members.spec.ts runs the
 * journey through the members API and its mails.
 */
function addMembers(server: RunningServer, count: number, fields = "'', '1,2,3,4,5', NULL, NULL") {
  // The accounts, then their access in the building (house 1: issue 37's house_access).
  sql(
    server,
    `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ${count})
     INSERT INTO users (username, email, password_hash, created_at)
     SELECT printf('mitglied%04d', i), printf('mitglied%04d@example.com', i), '!invited', 0
     FROM n`,
  );
  sql(
    server,
    `INSERT INTO house_access (user_id, house_id, access_smart, access_pro, scope_floors,
                               scope_rooms, valid_from, valid_until)
     SELECT id, 1, 'permanent', 'no-access', ${fields}
     FROM users WHERE username LIKE 'mitglied%' AND id NOT IN (SELECT user_id FROM house_access)`,
  );
}

/** How many members the members API lists now. */
async function memberCount(server: RunningServer) {
  const answer = await fetch(`${server.origin}/api/members/`, {
    headers: { authorization: `Basic ${btoa('demo:demo1234')}` },
  });
  return ((await answer.json()) as { members: unknown[] }).members.length;
}

test.describe('in the dark on a phone', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('cards, the form by keyboard, axe clean', async ({ page, server }) => {
    // A tenant of one room (Küche, upstairs) for a year.
    addMembers(server, 1, "'2', '2', '2026-01-01', '2099-12-31'");
    const count = await memberCount(server);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('members');
    await expect(page.locator('html')).toHaveClass(/dark/);
    const list = page.getByRole('list', { name: 'Mitglieder des Gebäudes' });
    await expect(list.getByRole('listitem')).toHaveCount(count);
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(list.getByRole('listitem').filter({ hasText: 'mitglied0000' })).toContainText(
      'OG, Küche',
    );
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

test('a long list on a desktop: a table drawn near the viewport, searchable', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  addMembers(server, 1000);
  const count = await memberCount(server);
  const shown = count.toLocaleString('de-DE');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.goto('members');
  await expect(page.getByText(`${shown} Mitglieder`)).toBeVisible();
  const table = page.getByRole('table', { name: 'Mitglieder des Gebäudes' });
  await expect(table).toHaveAttribute('aria-rowcount', String(count + 1));
  expect(await table.getByRole('rowheader').count()).toBeLessThan(100);
  await expectNoA11yViolations(page, 'members table');
  await page.getByRole('searchbox', { name: 'Mitglieder suchen' }).fill('mitglied0999');
  await expect(table.getByRole('rowheader')).toHaveCount(1);
  await expect(table.getByRole('row').nth(1)).toContainText(
    'Wohnzimmer, Küche, Arbeitszimmer und 2 weitere',
  );
  await expect(page.getByText(`1 Treffer von ${shown}`)).toBeVisible();
});
