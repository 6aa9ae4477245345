import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, signIn, test } from '../support/fixtures';
import { setTargetThroughApi, signInAndOpen } from '../support/rooms';
import type { RunningServer } from '../support/server';

// Issue 32, "Texts that agree": the overview, the floor page and the room page say the same
// about what a room does now and next; absences show their year and can be edited; the
// Protokoll pages past its newest 100 entries.
test.use({ timezoneId: 'Europe/Berlin' });

/** "18,0 °C": a temperature as the German pages write it. */
const celsius = (value: number) => `${value.toFixed(1).replace('.', ',')} °C`;

/** The overview's cell of `room` in the column headed `label`. */
async function overviewCell(page: Page, room: string, label: string) {
  const table = page.getByRole('table');
  await expect(table.locator('thead th').first()).toBeVisible();
  const headers = await table.locator('thead th').allTextContents();
  const index = headers.findIndex((text) => text.trim() === label);
  expect(index).toBeGreaterThanOrEqual(0);
  return table
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: room, exact: true }) })
    .locator(`td:nth-child(${index + 1})`);
}

/** An absence made the way a tool does: form fields with the credentials. */
async function createAbsence(
  request: APIRequestContext,
  server: RunningServer,
  fields: Record<string, string>,
) {
  const response = await request.post(`${server.origin}/api/absences/`, {
    multipart: { user: demo.username, password: demo.password, ...fields },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { id: number; to: string };
}

/** Device-local 'YYYY-MM-DDTHH:MM:SS' of `date` in Berlin. */
const berlin = (date: Date) =>
  date.toLocaleString('sv-SE', { timeZone: 'Europe/Berlin' }).replace(' ', 'T');

test('during a temporary target the overview and the room page name the same next change', async ({
  page,
  request,
  server,
}) => {
  // 24 hours outlast at least one switch point of the Wohnzimmer (21 °C at 06:00, 18 °C at 22:00).
  // A write answers the updated room.
  const room = (await setTargetThroughApi(request, server, 1, '24', 1440)) as {
    next_due_time: string;
    mode_end_datetime: string;
    after_temporary_temperature: number;
  };
  expect(room.next_due_time.replace(' ', 'T') < room.mode_end_datetime).toBe(true);
  const endTime = room.mode_end_datetime.slice(11, 16);
  const switchTime = room.next_due_time.slice(11, 16);
  const after = celsius(room.after_temporary_temperature);

  await signInAndOpen(page, '');
  const next = await overviewCell(page, 'Wohnzimmer', 'Nächste Änderung');
  await expect(next).toContainText(`${after} um`);
  await expect(next).toContainText(endTime);
  // Not the switch point inside the temporary target (the "17,0 °C um 22:00").
  await expect(next).not.toContainText(switchTime);

  await page.goto('room-control/smart/room/1');
  const panel = page.getByRole('region', { name: 'Vorübergehende Temperatur' });
  await expect(panel).toContainText(`Bis`);
  await expect(panel).toContainText(endTime);
  await expect(panel).toContainText(`Danach wieder ${after} nach Zeitplan`);

  // The floor page's "Danach" is the same temperature.
  await page.goto('room-control/smart/1');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Wohnzimmer' }) });
  await expect(card.getByRole('definition').last()).toHaveText(after);
});

test('an absence shows in the room page with its target and end (and year), not "Nach Zeitplan"', async ({
  page,
  request,
  server,
}) => {
  const now = new Date();
  const year = Number(berlin(now).slice(0, 4)) + 1;
  await createAbsence(request, server, {
    name: 'Winterpause',
    from: berlin(new Date(now.getTime() - 3_600_000)).slice(0, 19),
    to: `${year}-01-06T18:00:00`,
    target: '15',
    rooms: '1',
  });
  await signInAndOpen(page, 'room-control/smart/room/1');
  await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
  await expect(page.getByText(`Abwesend: 15,0 °C bis 6. Jan. ${year}, 18:00`)).toBeVisible();
  await expect(page.getByText(`Abwesend bis 06.01.${year}, 18:00`)).toBeVisible();
  await expect(page.getByText('Nach Zeitplan')).toHaveCount(0);
  // Danach: what holds when it ends, the same as the overview's next change.
  await expect(page.getByText(new RegExp(`°C am 6\\. Jan\\. ${year}, 18:00`))).toBeVisible();
  await page.goto('');
  await expect(await overviewCell(page, 'Wohnzimmer', 'Nächste Änderung')).toContainText(
    `6. Jan. ${year}, 18:00`,
  );
  await expect(await overviewCell(page, 'Wohnzimmer', 'Status')).toContainText(
    `Abwesend bis 6. Jan. ${year}, 18:00`,
  );
});

test('an absence is edited in the same editor, prefilled, and the room follows', async ({
  page,
  request,
  server,
}) => {
  const now = new Date();
  const to = berlin(new Date(now.getTime() + 3 * 86_400_000)).slice(0, 14) + '00:00';
  await createAbsence(request, server, {
    name: 'Kurzurlaub',
    from: berlin(new Date(now.getTime() - 3_600_000)).slice(0, 19),
    to,
    target: '16',
    rooms: '2',
  });
  await signInAndOpen(page, 'absences');
  await page.getByRole('button', { name: 'Kurzurlaub bearbeiten' }).click();
  await expect(
    page.getByRole('heading', { name: 'Abwesenheit „Kurzurlaub“ bearbeiten' }),
  ).toBeFocused();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Kurzurlaub');
  await expect(page.getByLabel('Bis', { exact: true })).toHaveValue(to.slice(0, 16));
  await expect(page.getByRole('checkbox', { name: 'Küche' })).toBeChecked();
  await expectNoA11yViolations(page, 'absence editor');
  await page.getByLabel('Name', { exact: true }).fill('Langer Urlaub');
  await page.getByLabel('Temperatur (°C)').fill('14');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Neue Abwesenheit' })).toBeVisible();
  const running = page.getByRole('region', { name: 'Laufend' });
  await expect(running.getByText('Langer Urlaub')).toBeVisible();
  await expect(running.getByText('14,0 °C')).toBeVisible();
  await expect(page.getByText('Kurzurlaub')).toHaveCount(0);

  await page.goto('room-control/smart/room/2');
  await expect(page.getByRole('slider', { name: 'Zieltemperatur Küche' })).toHaveAttribute(
    'aria-valuenow',
    '14',
  );
  await expect(page.getByText(/Abwesend: 14,0 °C bis/)).toBeVisible();
});

test.describe('on a phone, in English and dark', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('an absence and a temporary target read the same, and an empty Protokoll says so', async ({
    page,
    request,
    server,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const now = new Date();
    const year = Number(berlin(now).slice(0, 4)) + 1;
    await signInAndOpen(page, 'audit?lang=en');
    await expect(page.getByText('No entries yet.')).toBeVisible();
    // The absence's own audit entry would fill the log: made after the empty log was seen.
    await createAbsence(request, server, {
      name: 'Winter break',
      from: berlin(new Date(now.getTime() - 3_600_000)).slice(0, 19),
      to: `${year}-01-06T18:00:00`,
      target: '15',
      rooms: '2',
    });
    await page.goto('room-control/smart/room/2?lang=en');
    await expect(page.getByText(`Away: 15.0 °C until 6 Jan ${year}, 18:00`)).toBeVisible();
    await expect(page.getByText('Following the schedule')).toHaveCount(0);
    await page.goto('absences?lang=en');
    await page.getByRole('button', { name: 'Edit Winter break' }).tap();
    await expect(page.getByRole('heading', { name: 'Edit absence “Winter break”' })).toBeFocused();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await expect(page.locator('html')).toHaveClass('dark');
    await expectNoA11yViolations(page, 'absence editor, phone, dark, English');
  });
});

test.describe('on the 1,000-room building', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'raumregler-texts-'));
  const seedFile = path.join(dir, 'building.json');
  writeFileSync(seedFile, JSON.stringify(generateBuilding(20, 50)));
  test.use({ serverEnv: { SEED_FILE: seedFile } });

  test('the Protokoll says when it is empty and loads older entries past the newest 100', async ({
    page,
    request,
    server,
  }) => {
    await signIn(page, benchUser);
    await expect(page).not.toHaveURL(/auth\/login/);
    await page.goto('audit');
    await expect(page.getByText('Noch keine Einträge.')).toBeVisible();

    // 130 changes through the API, the oldest to 10,0 °C … the newest to 22,9 °C.
    for (let index = 0; index < 130; index++) {
      const response = await request.post(
        `${server.origin}/api/set/json/v1/1/ziel/${(index % 50) + 1}/`,
        {
          multipart: {
            user: benchUser.username,
            password: benchUser.password,
            ziel: (10 + index / 10).toFixed(1),
            duration: '60',
          },
        },
      );
      expect(response.status()).toBe(200);
    }
    await page.reload();
    const table = page.getByRole('table', { name: 'Änderungen, die neuesten zuerst' });
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(100);
    await expect(rows.first()).toContainText('22,9 °C');
    await expect(page.getByText('100 Einträge angezeigt')).toBeVisible();
    await page.getByRole('button', { name: 'Ältere laden' }).click();
    await expect(rows).toHaveCount(130);
    await expect(rows.last()).toContainText('10,0 °C');
    await expect(page.getByText('130 Einträge angezeigt')).toBeVisible();
    // The oldest is shown: nothing more to load.
    await expect(page.getByRole('button', { name: 'Ältere laden' })).toHaveCount(0);

    // A filter that selects nothing keeps its own words.
    await page.getByLabel('Benutzer', { exact: true }).fill('niemand');
    await page.getByRole('button', { name: 'Anwenden' }).click();
    await expect(page.getByText('Keine Einträge zu diesen Filtern.')).toBeVisible();
    await expectNoA11yViolations(page, 'Protokoll');
  });
});
