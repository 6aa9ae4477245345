import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { HistoryAnswer } from '@raumregler/contract';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, signIn, test } from '../support/fixtures';
import { cli } from '../support/server';
import { berlinDate, berlinMidnight, ZONE } from '../support/berlin';

// Issue 34, validity: "outside it the user may sign in but has no rooms ("Kein Zugriff", as
// today for no-access). Their history, alarms and audit start at their first day: a new tenant
// does not see the previous tenant's temperatures." And: "validity changes take effect within
// 1 s, from the app and from the CLI."

/** The previous tenant of the Arbeitszimmer (3): their last day was yesterday. */
const vormieter = { username: 'vormieter', password: 'vormieter-passwort-34' } as const;
/** The new tenant of the Arbeitszimmer: their first day is today. */
const nachmieter = { username: 'nachmieter', password: 'nachmieter-passwort-34' } as const;
const ROOM = { id: 3, name: 'Arbeitszimmer' } as const;

/**
 * The demo building (its week of simulated history is backfilled at the first start) with the
 * two tenants of the Arbeitszimmer. The dates are the Berlin days of when the file is loaded.
 */
function tenantsBuilding() {
  const building = JSON.parse(
    readFileSync(
      new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
      'utf8',
    ),
  ) as { users: Record<string, unknown>[] };
  const tenant = (username: string, password: string) => ({
    username,
    email: `${username}@example.com`,
    password,
    access: { smart: 'permanent', pro: 'permanent' },
    rooms: [ROOM.id],
  });
  building.users.push({
    ...tenant(vormieter.username, vormieter.password),
    validFrom: berlinDate(60),
    validUntil: berlinDate(1),
  });
  building.users.push({
    ...tenant(nachmieter.username, nachmieter.password),
    validFrom: berlinDate(0),
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'raumregler-validity-')), 'seed.json');
  writeFileSync(file, JSON.stringify(building));
  return file;
}

test.use({ serverEnv: { SEED_FILE: tenantsBuilding() }, timezoneId: ZONE });

/** Whether a user's `temps/` is answered (they have rooms), asked with Basic as a tool would. */
async function tempsStatus(origin: string, credentials: { username: string; password: string }) {
  const response = await fetch(`${origin}/get/json/v1/1/temps/`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    },
  });
  return response.status;
}

async function expectNoRooms(page: Page, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /^(Hauptmenü|Main menu)$/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: ROOM.name })).toHaveCount(0);
  await expect(page.getByRole('slider')).toHaveCount(0);
}

test.describe('a tenant whose validity ended yesterday', () => {
  test('signs in to "Kein Zugriff"; made valid again with the CLI, a reload shows their room', async ({
    page,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, vormieter);
    await expectNoRooms(page, 'Kein Zugriff');
    await expect(page.getByText(/Sie sind als vormieter angemeldet/)).toBeVisible();
    // It says why: the access ended yesterday.
    await expect(page.getByText(/Ihr Zugang zum Gebäude endete am /)).toBeVisible();
    expect(await tempsStatus(server.origin, vormieter)).toBe(403);
    await expectNoA11yViolations(page, 'validity ended, Kein Zugriff');

    // The manager: `user valid vormieter --always`. Within about a second the server answers
    // their rooms, and a reload shows the room.
    await cli(server, 'user', 'valid', vormieter.username, '--always');
    const changed = Date.now();
    await expect
      .poll(() => tempsStatus(server.origin, vormieter), { timeout: 1_500, intervals: [100] })
      .toBe(200);
    expect(Date.now() - changed).toBeLessThan(1_500);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/room-control/smart/room/${ROOM.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: ROOM.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Kein Zugriff' })).toHaveCount(0);
  });

  test('in English "No access"; made valid again on the members page, a reload shows their room', async ({
    page,
    server,
    browser,
  }) => {
    // English, chosen on the sign-in page (kept on this device).
    await page.goto('auth/login');
    await page
      .getByRole('group', { name: 'Sprache' })
      .getByRole('button', { name: 'English' })
      .click();
    await page.getByLabel('Username').fill(vormieter.username);
    await page.getByLabel('Password', { exact: true }).fill(vormieter.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expectNoRooms(page, 'No access');
    await expect(page.getByText(/You are signed in as vormieter/)).toBeVisible();
    await expect(page.getByText(/Your access to the building ended on /)).toBeVisible();

    // The manager, in their own browser: the member's last day is cleared on the members page.
    const context = await browser.newContext({ baseURL: server.appUrl, timezoneId: ZONE });
    const manager = await context.newPage();
    await manager.setViewportSize({ width: 1280, height: 900 });
    await signIn(manager, demo);
    await expect(manager.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await manager.getByRole('button', { name: 'Benutzermenü von demo' }).click();
    await manager.getByRole('menuitem', { name: 'Mitglieder & Rollen' }).click();
    const row = manager
      .getByRole('row')
      .filter({ has: manager.getByRole('rowheader', { name: /^vormieter/ }) });
    await expect(row).toContainText('abgelaufen');
    await row.getByRole('button', { name: 'vormieter bearbeiten' }).click();
    const edit = manager.getByRole('dialog', { name: 'vormieter bearbeiten' });
    await expect(edit.getByLabel('Letzter Tag')).toHaveValue(berlinDate(1));
    await edit.getByLabel('Letzter Tag').fill('');
    await edit.getByRole('button', { name: 'Speichern' }).click();
    await expect(
      manager
        .getByRole('status')
        .filter({ hasText: 'Die Änderungen an vormieter sind gespeichert.' }),
    ).toBeVisible();
    const changed = Date.now();
    await expect(row).not.toContainText('abgelaufen');
    await context.close();

    await expect
      .poll(() => tempsStatus(server.origin, vormieter), { timeout: 1_500, intervals: [100] })
      .toBe(200);
    expect(Date.now() - changed).toBeLessThan(1_500);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`/room-control/smart/room/${ROOM.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: ROOM.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  });
});

const verlauf = (page: Page) => page.getByRole('region', { name: 'Verlauf' });

/**
 * Opens the room's Verlauf over 7 days and answers the history the page was given, and the
 * CSV it downloads.
 */
async function weekOfHistory(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: ROOM.name })).toBeVisible();
  await verlauf(page).scrollIntoViewIfNeeded();
  const week = verlauf(page).getByRole('button', { name: '7 Tage' });
  // The week's JSON answer (not the first 24 h, not the CSV).
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    const span =
      Date.parse(url.searchParams.get('to') ?? '') - Date.parse(url.searchParams.get('from') ?? '');
    return (
      url.pathname.endsWith(`/api/history/${ROOM.id}/`) &&
      !url.searchParams.has('format') &&
      span === 7 * 86_400_000
    );
  });
  await week.click();
  const answer = (await (await answered).json()) as HistoryAnswer;
  // The chart and its summary; just after midnight a tenant from today has nothing yet.
  await expect(
    verlauf(page)
      .getByRole('region', { name: 'Zusammenfassung, letzte 7 Tage' })
      .or(verlauf(page).getByText('Für diesen Zeitraum gibt es noch keine Aufzeichnungen.')),
  ).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    verlauf(page).getByRole('button', { name: 'Als CSV herunterladen' }).click(),
  ]);
  const csv = (await readFile((await download.path())!, 'utf8')).trim().split(/\r?\n/).slice(1);
  return { answer, csvTimes: csv.map((line) => Date.parse(line.split(',')[0]!)) };
}

test.describe('a tenant whose validity starts today', () => {
  test("sees no history before today in their room's Verlauf; a whole-building user sees the week", async ({
    page,
    browser,
    server,
  }) => {
    const today = berlinMidnight(berlinDate(0));
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page, nachmieter);
    await expect(page).toHaveURL(new RegExp(`/room-control/smart/room/${ROOM.id}$`));
    const tenant = await weekOfHistory(page);
    // Asked for 7 days, answered from today's midnight (Berlin) on: nothing of the previous
    // tenant's week, neither in the chart's data nor in the CSV.
    expect(Date.parse(tenant.answer.from)).toBeGreaterThanOrEqual(today);
    for (const sample of tenant.answer.samples)
      expect(Date.parse(sample.time)).toBeGreaterThanOrEqual(today);
    expect(tenant.csvTimes.length > 0).toBe(tenant.answer.samples.length > 0);
    for (const time of tenant.csvTimes) expect(time).toBeGreaterThanOrEqual(today);
    await expectNoA11yViolations(page, "new tenant's Verlauf");

    // The building's manager (the whole building) sees the same room's week before today.
    const context = await browser.newContext({ baseURL: server.appUrl, timezoneId: ZONE });
    const manager = await context.newPage();
    await manager.setViewportSize({ width: 1280, height: 900 });
    await signIn(manager, demo);
    await expect(manager.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await manager.goto(`room-control/smart/room/${ROOM.id}`);
    const whole = await weekOfHistory(manager);
    await context.close();
    const fiveDaysAgo = berlinMidnight(berlinDate(5));
    expect(whole.answer.samples.length).toBeGreaterThan(0);
    expect(Date.parse(whole.answer.samples[0]!.time)).toBeLessThan(fiveDaysAgo);
    expect(whole.csvTimes[0]).toBeLessThan(fiveDaysAgo);
  });
});
