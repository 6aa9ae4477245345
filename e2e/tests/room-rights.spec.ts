import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, signIn, test } from '../support/fixtures';
import { dial } from '../support/rooms';

// Issue 34, the app: an occupant scoped to one room meets only it, straight after signing in,
// and the dial stops at the room's max; a manager sets limits on the room page and for many
// rooms at once ("Grenzen…").

const mieter = { username: 'mieter', password: 'mieter-passwort-34' } as const;
/** A second occupant, of the Wohnzimmer (1) and the capped Arbeitszimmer (3). */
const paar = { username: 'paar', password: 'paar-passwort-34' } as const;

/** The demo building with an occupant (`permanent`) of the Arbeitszimmer (3), capped at 16–23 °C. */
function scopedBuilding() {
  const building = JSON.parse(
    readFileSync(
      new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
      'utf8',
    ),
  ) as {
    users: Record<string, unknown>[];
    floors: { rooms: Record<string, unknown>[] }[];
  };
  building.users.push({
    username: mieter.username,
    email: 'mieter@example.com',
    password: mieter.password,
    firstName: 'Mia',
    lastName: 'Mieter',
    access: { smart: 'permanent', pro: 'permanent' },
    rooms: [3],
  });
  building.users.push({
    username: paar.username,
    email: 'paar@example.com',
    password: paar.password,
    firstName: 'Pia',
    lastName: 'Paar',
    access: { smart: 'permanent', pro: 'permanent' },
    rooms: [1, 3],
  });
  for (const floor of building.floors)
    for (const room of floor.rooms) if (room.id === 3) room.limits = { min: 16, max: 23 };
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-rights-'));
  const file = path.join(dir, 'building.json');
  writeFileSync(file, JSON.stringify(building));
  return file;
}

const seedFile = scopedBuilding();

async function signInAs(page: Page, credentials: { username: string; password: string }) {
  await signIn(page, credentials);
  await expect(page).not.toHaveURL(/auth\/login/);
}

test.describe('an occupant scoped to one room', () => {
  test.use({ serverEnv: { SEED_FILE: seedFile }, timezoneId: 'Europe/Berlin' });

  test('goes straight to their room, sees only it, and the dial stops at 23 °C (desktop, light)', async ({
    page,
    request,
    server,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, mieter);
    await expect(page).toHaveURL(/\/room-control\/smart\/room\/3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Arbeitszimmer' })).toBeVisible();

    // The overview is their room too.
    await page.goto('');
    await expect(page).toHaveURL(/\/room-control\/smart\/room\/3$/);

    // The menu and Ctrl+K know only the Arbeitszimmer.
    const sidebar = page.getByRole('navigation', { name: 'Hauptmenü' });
    await expect(sidebar.getByRole('link', { name: 'Arbeitszimmer' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Wohnzimmer' })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    const search = page.getByRole('dialog', { name: 'Raum suchen' });
    await search.getByRole('combobox').fill('zimmer');
    await expect(search.getByRole('option')).toHaveText([/Arbeitszimmer/]);
    await page.keyboard.press('Escape');

    // The dial's range is the limits; End and ArrowUp stop at 23 °C, which is what is set.
    const slider = dial(page, 'Arbeitszimmer');
    await expect(slider).toHaveAttribute('aria-valuemin', '16');
    await expect(slider).toHaveAttribute('aria-valuemax', '23');
    await expect(page.getByText('Erlaubt sind 16,0–23,0 °C in diesem Raum.')).toBeVisible();
    await slider.focus();
    const set = page.waitForResponse((response) => /\/ziel\/3\/$/.test(response.url()));
    await page.keyboard.press('End');
    expect((await set).status()).toBe(200);
    await page.keyboard.press('ArrowUp');
    await expect(slider).toHaveAttribute('aria-valuetext', '23,0 °C');
    // Nobody sees a limits form who does not manage the room.
    await expect(page.getByRole('heading', { name: 'Grenzen für diesen Raum' })).toHaveCount(0);
    await expectNoA11yViolations(page, 'occupant, room page, light');

    // A direct write above the max is refused and changes nothing; another room is not theirs.
    const write = (roomId: number, ziel: string) =>
      request.post(`${server.origin}/api/set/json/v1/1/ziel/${roomId}/`, {
        multipart: { user: mieter.username, password: mieter.password, ziel },
      });
    const refused = await write(3, '25');
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'outside_room_limits' });
    expect((await write(1, '20')).status()).toBe(403);
  });

  test('on a phone in dark mode: straight to the room, the dial within the limits, axe', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await signInAs(page, mieter);
    await expect(page).toHaveURL(/\/room-control\/smart\/room\/3$/);
    const slider = dial(page, 'Arbeitszimmer');
    await expect(slider).toHaveAttribute('aria-valuemax', '23');
    await expect(page.getByText('Erlaubt sind 16,0–23,0 °C in diesem Raum.')).toBeVisible();
    await expectNoA11yViolations(page, 'occupant, room page, phone, dark');
  });
});

test.describe('an occupant of two rooms', () => {
  test.use({ serverEnv: { SEED_FILE: seedFile }, timezoneId: 'Europe/Berlin' });

  test("sees only their rooms; a group target above a room's max is reported for it, not sent", async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/ziel\/\d+\/$/.test(request.url()))
        sent.push(request.url());
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAs(page, paar);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.locator('tbody tr')).toHaveCount(2);
    for (const room of ['Wohnzimmer', 'Arbeitszimmer'])
      await table
        .getByRole('row')
        .filter({ has: page.getByRole('link', { name: room, exact: true }) })
        .getByRole('checkbox')
        .check();
    // Not a manager: no "Grenzen…".
    await expect(page.getByRole('button', { name: 'Grenzen…' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Vorübergehend…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
    await dialog.getByLabel('Temperatur (°C)').fill('25');
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await expect(page.getByText('1 Raum wurde nicht geändert:')).toBeVisible();
    await expect(
      page.getByText('Arbeitszimmer: Erlaubt sind 16,0–23,0 °C in diesem Raum.'),
    ).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/\/ziel\/1\/$/);
    await expectNoA11yViolations(page, 'two-room occupant, group result');
  });
});

test.describe('a manager sets limits', () => {
  test.use({ serverEnv: { SEED_FILE: seedFile }, timezoneId: 'Europe/Berlin' });

  test('on the room page, with the limits as marks on their own dial', async ({
    page,
    request,
    server,
  }) => {
    await signInAs(page, demo);
    await page.goto('room-control/smart/room/3');
    const form = page.getByRole('form', { name: 'Grenzen für diesen Raum' });
    await expect(form.getByLabel('Max. (°C)')).toHaveValue('23,0');
    // The manager's dial keeps 14–26 with the limits as marks.
    await expect(dial(page, 'Arbeitszimmer')).toHaveAttribute('aria-valuemax', '26');
    await expect(page.locator('[data-dial-limit]')).toHaveCount(2);
    await form.getByLabel('Min. (°C)').fill('17');
    await form.getByLabel('Max. (°C)').fill('21,5');
    // Scanned before the save: the toast's fade-in would be measured mid-way.
    await expectNoA11yViolations(page, 'manager, room page with limits');
    await form.getByRole('button', { name: 'Grenzen speichern' }).click();
    await expect(page.getByText('Grenzen gespeichert')).toBeVisible();
    await expect(form).toContainText('Erlaubt sind 17,0–21,5 °C');

    const answer = await request.get(`${server.origin}/api/get/json/v1/1/temps/3/`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${demo.username}:${demo.password}`).toString('base64')}`,
      },
    });
    const [room] = (await answer.json()) as { limits: unknown }[];
    expect(room!.limits).toEqual({ min: 17, max: 21.5 });
  });
});

test.describe('on the 1,000-room building', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-rights-bench-'));
  const benchSeed = path.join(dir, 'building.json');
  writeFileSync(benchSeed, JSON.stringify(generateBuilding(20, 50)));
  test.use({ serverEnv: { SEED_FILE: benchSeed }, timezoneId: 'Europe/Berlin' });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`"Grenzen…" caps a whole floor room by room (${colorScheme})`, async ({
      page,
      request,
      server,
    }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.emulateMedia({ colorScheme });
      await signInAs(page, benchUser);
      await page.goto('');
      await expect(page.getByRole('table')).toHaveAttribute('aria-rowcount', '1001');
      const floors = page.getByRole('group', { name: 'Ganze Geschosse auswählen' });
      await floors.getByRole('button', { name: '1. OG', exact: true }).click();
      await expect(page.getByText('50 Räume ausgewählt')).toBeVisible();
      await page.getByRole('button', { name: 'Grenzen…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Grenzen für 50 Räume' });
      await dialog.getByLabel('Min. (°C)').fill('16');
      await dialog.getByLabel('Max. (°C)').fill('23');
      await expectNoA11yViolations(page, `"Grenzen…" dialog, ${colorScheme}`);
      await dialog.getByRole('button', { name: 'Grenzen setzen' }).click();
      await expect(page.getByText('Fertig: 50 Räume geändert.')).toBeVisible({ timeout: 30_000 });

      const answer = await request.get(`${server.origin}/api/get/json/v1/1/temps/`, {
        headers: {
          authorization: `Basic ${Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64')}`,
        },
      });
      const list = (await answer.json()) as {
        id: number;
        raeume: { limits: unknown }[];
      }[];
      for (const floor of list) {
        for (const room of floor.raeume)
          expect(room.limits).toEqual(floor.id === 2 ? { min: 16, max: 23 } : null);
      }
    });
  }
});
