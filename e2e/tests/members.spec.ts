import type { Page } from '@playwright/test';
import { startSmtpPeer, type SmtpPeer } from '../../apps/server/src/test-support/smtp-peer';
import { expectNoA11yViolations } from '../support/a11y';
import { test as base, expect, signIn } from '../support/fixtures';

/**
 * Issue 34, "Mitglieder & Rollen": a building-wide manager adds a member in the browser, the
 * invitation reaches a real SMTP peer, the member sets a password with its link and sees only
 * their rooms; removed, their next request is refused. Needs the members API (`members` branch).
 */
const test = base.extend<{ smtp: SmtpPeer }>({
  smtp: async ({}, use) => {
    const peer = await startSmtpPeer();
    await use(peer);
    await peer.close();
  },
  serverEnv: async ({ smtp }, use) => {
    await use({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
  },
});

async function openMembers(page: Page) {
  await page.getByRole('button', { name: 'Benutzermenü von demo' }).click();
  await page.getByRole('menuitem', { name: 'Mitglieder & Rollen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mitglieder & Rollen' })).toBeVisible();
}

const rowOf = (page: Page, username: string) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${username}`) }) });

test('a manager adds a member, who sets a password from the mail and sees only their rooms', async ({
  page,
  server,
  smtp,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await openMembers(page);
  await expect(page).toHaveURL(/\/re\/home\/members$/);
  // The seeded users, with their access per area.
  await expect(rowOf(page, 'demo')).toContainText('Vollzugriff');
  await expect(rowOf(page, 'demo')).toContainText('Ganzes Gebäude');
  await expect(rowOf(page, 'techniker')).toContainText('Kein Zugriff');
  await expect(page.getByText('4 Mitglieder')).toBeVisible();
  await expectNoA11yViolations(page, 'members list');

  await page.getByRole('button', { name: 'Mitglied hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mitglied hinzufügen' });
  await dialog.getByLabel('Benutzername').fill('mieterin');
  await dialog.getByLabel('E-Mail-Adresse').fill('mieterin@example.com');
  await dialog.getByLabel('Raumregelung SMART').selectOption('permanent');
  await dialog.getByLabel('Raumregelung PRO').selectOption('no-access');
  // Two rooms of the ground floor, each found by searching.
  const search = dialog.getByRole('searchbox', { name: 'Räume suchen' });
  await search.fill('küche');
  await dialog.getByRole('checkbox', { name: 'Küche' }).check();
  await search.fill('wohn');
  await dialog.getByRole('checkbox', { name: 'Wohnzimmer' }).check();
  await search.fill('');
  await expectNoA11yViolations(page, 'add member dialog');
  await dialog.getByRole('button', { name: 'Hinzufügen und einladen' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'mieterin ist hinzugefügt' })).toHaveText(
    'mieterin ist hinzugefügt. Die Einladung ist an mieterin@example.com gesendet.',
  );
  await expect(dialog).toBeHidden();
  const row = rowOf(page, 'mieterin');
  await expect(row).toContainText('Bedienen');
  await expect(row).toContainText('Wohnzimmer, Küche');
  await expect(row).toContainText('Noch nie');

  // The invitation, at the real SMTP peer, in the member's language.
  await smtp.waitFor(1);
  const mail = smtp.received.at(-1)!;
  expect(mail.to).toEqual(['mieterin@example.com']);
  expect(mail.subject).toBe('Willkommen bei Raumregler – Passwort festlegen');
  const link = /https?:\/\/\S+\/re\/home\/auth\/invitation\?\S+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  expect(url.searchParams.get('email')).toBe('mieterin@example.com');

  // The member, in a browser of their own, sets a password and is signed in.
  const member = await browser.newPage({ baseURL: server.appUrl });
  await member.goto(`${server.origin}${url.pathname}${url.search}`);
  await expect(member.getByRole('heading', { name: 'Willkommen bei Raumregler' })).toBeVisible();
  await member.getByLabel('Neues Passwort', { exact: true }).fill('mieterin-geheim');
  await member.getByLabel('Neues Passwort bestätigen').fill('mieterin-geheim');
  await member.getByRole('button', { name: 'Passwort festlegen' }).click();
  // Only their rooms: the overview counts and lists two, the menu has only their floor.
  const main = member.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(main.getByRole('link', { name: '2 Räume' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Küche' }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'Wohnzimmer' }).first()).toBeVisible();
  await expect(main.getByRole('link', { name: 'Schlafzimmer' })).toHaveCount(0);
  await expect(main.getByRole('link', { name: 'Arbeitszimmer' })).toHaveCount(0);
  const menu = member.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(menu.getByRole('link', { name: 'Erdgeschoss' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Obergeschoss' })).toHaveCount(0);
  // The members page is not theirs: "Bald" in their menu.
  await member.getByRole('button', { name: 'Benutzermenü von mieterin' }).click();
  await expect(member.getByRole('menuitem', { name: /Mitglieder & Rollen/ })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await member.keyboard.press('Escape');

  // The manager sees the sign-in, then removes the member: their next request is refused.
  await page.reload();
  await expect(rowOf(page, 'mieterin')).not.toContainText('Noch nie');
  await rowOf(page, 'mieterin').getByRole('button', { name: 'mieterin entfernen' }).click();
  const confirm = page.getByRole('dialog', { name: 'mieterin entfernen?' });
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'mieterin ist entfernt' })).toBeVisible();
  await expect(rowOf(page, 'mieterin')).toHaveCount(0);
  await member.reload();
  await expect(member).toHaveURL(/auth\/login/);
  await member.close();
});

test('the last building-wide manager can be neither removed nor demoted: the page says why', async ({
  page,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await openMembers(page);
  // The technician manages PRO for the whole building: made a reader, demo is the last manager.
  await rowOf(page, 'techniker').getByRole('button', { name: 'techniker bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'techniker bearbeiten' });
  await expect(edit.getByLabel('Raumregelung PRO')).toHaveValue('full');
  await edit.getByLabel('Raumregelung PRO').selectOption('read');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Die Änderungen an techniker sind gespeichert.' }),
  ).toBeVisible();
  await expect(rowOf(page, 'techniker')).toContainText('Nur lesen');

  await rowOf(page, 'demo').getByRole('button', { name: 'demo entfernen' }).click();
  const confirm = page.getByRole('dialog', { name: 'demo entfernen?' });
  await confirm.getByRole('button', { name: 'Entfernen' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'Nicht entfernt. Dann verwaltete niemand mehr das ganze Gebäude.',
  );
  await confirm.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(rowOf(page, 'demo')).toBeVisible();

  await rowOf(page, 'demo').getByRole('button', { name: 'demo bearbeiten' }).click();
  const self = page.getByRole('dialog', { name: 'demo bearbeiten' });
  await self.getByLabel('Raumregelung SMART').selectOption('read');
  await self.getByLabel('Raumregelung PRO').selectOption('read');
  await self.getByRole('button', { name: 'Speichern' }).click();
  await expect(self.getByRole('alert')).toHaveText(
    'Die Änderungen wurden nicht gespeichert. Dann verwaltete niemand mehr das ganze Gebäude.',
  );
  await self.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(rowOf(page, 'demo')).toContainText('Vollzugriff');
});

test('only building-wide managers reach the page', async ({ page }) => {
  await signIn(page, { username: 'verwalter', password: 'verwalter1234' });
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page.getByRole('button', { name: 'Benutzermenü von verwalter' }).click();
  const entry = page.getByRole('menuitem', { name: /Mitglieder & Rollen/ });
  await expect(entry).toHaveAttribute('aria-disabled', 'true');
  await expect(entry).toContainText('Bald');
  await page.keyboard.press('Escape');
  await page.goto('members');
  await expect(page).toHaveURL(/error\/404$/);
});
