import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { benchUser, generateBuilding } from '../../apps/server/src/test-support/generate-building';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

// Issue 32, item 1: "floor 2 at 19 °C until Friday 18:00" on the 1,000-room building (20 floors
// of 50 rooms; floor 2 is "1. OG" with the rooms Raum 2.01–2.50, ids 51–100).
const TIME_ZONE = 'Europe/Berlin'; // the server's TIME_ZONE default and the browser's (config)
test.use({ timezoneId: TIME_ZONE });

/** The device-local wall date ("YYYY-MM-DD") of the next Friday 18:00 worth asking for. */
function nextFriday(now = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday!);
  let days = (5 - weekday + 7) % 7;
  // On a Friday afternoon, 18:00 today is too close (or gone): the week's next Friday.
  if (days === 0 && Number(parts.hour) >= 12) days = 7;
  const date = new Date(Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day)));
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Counts what the person does: each click, key press or filled field is one input. */
function inputCounter() {
  let count = 0;
  return {
    click: async (target: Locator) => {
      count += 1;
      await target.click();
    },
    fill: async (target: Locator, value: string) => {
      count += 1;
      await target.fill(value);
    },
    press: async (target: Locator, key: string) => {
      count += 1;
      await target.press(key);
    },
    get count() {
      return count;
    },
  };
}

interface TempsRoom {
  id: number;
  name: string;
  solltemperatur: number;
  is_temporary_mode: boolean;
  mode_end_datetime: string | null;
  remaining_time: number | null;
}

async function roomsOf(server: RunningServer, floorId: number) {
  const auth = Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64');
  const response = await fetch(`${server.origin}/api/get/json/v1/1/temps/`, {
    headers: { authorization: `Basic ${auth}` },
  });
  expect(response.status).toBe(200);
  const floors = (await response.json()) as { id: number; raeume: TempsRoom[] }[];
  return { floor: floors.find((f) => f.id === floorId)!.raeume, all: floors };
}

let server: RunningServer | undefined;
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function openOverview(page: Page) {
  server = await startServer({ seed: generateBuilding() });
  await page.goto(server.appUrl + 'auth/login');
  // The login page has the server's app config (the building's name) before the form is filled.
  await expect(page.getByText('Bench-Gebäude 1000 Räume').first()).toBeVisible();
  await page.getByLabel('Benutzername').fill(benchUser.username);
  await page.getByLabel('Passwort', { exact: true }).fill(benchUser.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await expect(page.getByText('1.000 von 1.000 Räumen')).toBeVisible({ timeout: 20_000 });
  return server;
}

test('floor 2 at 19 °C until Friday 18:00 in at most 6 inputs', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const running = await openOverview(page);
  const friday = nextFriday();
  const user = inputCounter();

  const floors = page.getByRole('group', { name: 'Ganze Geschosse auswählen' });
  await user.click(floors.getByRole('button', { name: '1. OG', exact: true }));
  await expect(page.getByText('50 Räume ausgewählt')).toBeVisible();
  await user.click(page.getByRole('button', { name: 'Vorübergehend…' }));
  const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
  await user.fill(dialog.getByLabel('Temperatur (°C)'), '19');
  await user.fill(dialog.getByLabel('Datum'), friday);
  // Typing a date chose "Bis …" by itself.
  await expect(dialog.getByRole('radio', { name: 'Bis …' })).toBeChecked();
  const time = dialog.getByLabel('Uhrzeit');
  await user.fill(time, '18:00');
  await user.press(time, 'Enter');
  await expect(page.getByText('Fertig: 50 Räume geändert.')).toBeVisible({ timeout: 30_000 });
  expect(user.count).toBeLessThanOrEqual(6);

  // On the server: every room of floor 2 at 19 °C, all ending at the same instant.
  const { floor, all } = await roomsOf(running, 2);
  expect(floor).toHaveLength(50);
  for (const room of floor) {
    expect(room, room.name).toMatchObject({
      solltemperatur: 19,
      is_temporary_mode: true,
      mode_end_datetime: `${friday}T18:00:00`,
    });
  }
  // Friday 18:00 is more than the device's 24 hours away unless today is Thursday evening or
  // Friday morning; either way the countdown is the end's, not a duration's.
  const expected = (Date.parse(`${friday}T18:00:00Z`) - Date.now()) / 1000;
  for (const room of floor) {
    // The wall time is Berlin's: one or two hours before the same digits in UTC.
    expect(room.remaining_time! - expected).toBeGreaterThan(-2 * 3600 - 60);
    expect(room.remaining_time! - expected).toBeLessThan(-3600 + 60);
  }
  // No other floor moved.
  const others = all.filter((f) => f.id !== 2).flatMap((f) => f.raeume);
  expect(others.filter((room) => room.is_temporary_mode)).toEqual([]);

  // The overview says it: filtered to the floor, every row runs until Friday 18:00.
  const day = `${Number(friday.slice(8, 10))}.`;
  await page.getByLabel('Geschoss', { exact: true }).selectOption({ label: '1. OG' });
  await expect(page.getByText('50 von 1.000 Räumen')).toBeVisible();
  const firstRow = page.getByRole('table').locator('tbody tr[aria-rowindex="2"]');
  await expect(firstRow).toContainText('Raum 2.01');
  await expect(firstRow).toContainText(new RegExp(`Vorübergehend bis (${day} \\S+, )?18:00`));
  await page.getByLabel('Zustand').selectOption({ label: 'vorübergehend' });
  await expect(page.getByText('50 von 1.000 Räumen')).toBeVisible();

  // The room page counts down in NNh NNm NNs, the hours unpadded beyond 99.
  await firstRow.getByRole('link', { name: 'Raum 2.01' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raum 2.01' })).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/^\d{2,3}h \d{2}m \d{2}s$/);
  const hours = Number((await page.getByTestId('countdown').textContent())!.split('h')[0]);
  expect(Math.abs(hours - Math.floor(floor[0]!.remaining_time! / 3600))).toBeLessThanOrEqual(1);
});

test('the dialog says what is wrong with "Bis …" and refuses more than 31 days', async ({
  page,
}) => {
  await openOverview(page);
  await page
    .getByRole('group', { name: 'Ganze Geschosse auswählen' })
    .getByRole('button', { name: 'Erdgeschoss', exact: true })
    .click();
  await page.getByRole('button', { name: 'Vorübergehend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
  await dialog.getByRole('radio', { name: 'Bis …' }).check();
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog.getByText('Bitte Datum und Uhrzeit angeben.')).toBeVisible();
  await expect(dialog.getByLabel('Datum')).toBeFocused();
  const far = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByLabel('Datum').fill(far);
  await dialog.getByLabel('Uhrzeit').fill('12:00');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog.getByText(/Das Ende darf höchstens bis .+ reichen\./)).toBeVisible();
  await expect(dialog.getByLabel('Datum')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/höchstens 31 Tage voraus/)).toBeVisible();
  await expectNoA11yViolations(page, 'group dialog with an error');
  // Nothing was written.
  const { floor } = await roomsOf(server!, 1);
  expect(floor.filter((room) => room.is_temporary_mode)).toEqual([]);
});

test('at phone width the floor toggles and the dialog are usable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const running = await openOverview(page);
  const floors = page.getByRole('group', { name: 'Ganze Geschosse auswählen' });
  const second = floors.getByRole('button', { name: '2. OG', exact: true });
  // The row scrolls sideways; the keyboard reaches every floor.
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('50 Räume ausgewählt')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.getByRole('button', { name: 'Vorübergehend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
  const tomorrow = new Date(Date.now() + 86_400_000);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(tomorrow);
  for (const label of ['Temperatur (°C)', 'Datum', 'Uhrzeit']) {
    const box = (await dialog.getByLabel(label).boundingBox())!;
    expect(box.x, label).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, label).toBeLessThanOrEqual(390);
  }
  await dialog.getByLabel('Temperatur (°C)').fill('18,5');
  await dialog.getByLabel('Datum').fill(date);
  await dialog.getByLabel('Uhrzeit').fill('07:30');
  // Dark too (the app follows the system's scheme by default).
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expectNoA11yViolations(page, 'group dialog at 390 px, dark');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText('Fertig: 50 Räume geändert.')).toBeVisible({ timeout: 30_000 });
  const { floor } = await roomsOf(running, 3);
  expect(new Set(floor.map((room) => `${room.solltemperatur} ${room.mode_end_datetime}`))).toEqual(
    new Set([`18.5 ${date}T07:30:00`]),
  );
});

test('the absence picker selects a floor with one click and finds rooms by search', async ({
  page,
}) => {
  const running = await openOverview(page);
  await page.goto(running.appUrl + 'absences');
  await expect(page.getByRole('heading', { level: 1, name: 'Abwesenheiten' })).toBeVisible();
  await page.getByRole('radio', { name: 'Ausgewählte Räume' }).check();
  await page.getByRole('checkbox', { name: '2. OG – ganzes Geschoss (50)', exact: true }).check();
  await expect(page.getByText('50 von 1.000 Räumen ausgewählt')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Raum 3.17' })).toBeChecked();

  await page.getByLabel('Räume suchen').fill('Raum 5.0');
  await expect(page.getByText('9 Treffer')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Raum 3.17' })).toHaveCount(0);
  const matches = page.getByRole('checkbox', { name: '4. OG – alle Treffer (9)', exact: true });
  await matches.check();
  await expect(page.getByText('59 von 1.000 Räumen ausgewählt')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Raum 5.03' }).uncheck();
  // Part of the matches chosen: the floor's box says "mixed".
  expect(await matches.evaluate((box: HTMLInputElement) => box.indeterminate)).toBe(true);
  await page.getByLabel('Räume suchen').fill('');
  await expect(
    page.getByRole('checkbox', { name: '2. OG – ganzes Geschoss (50)', exact: true }),
  ).toBeChecked();
  await expectNoA11yViolations(page, 'absence room picker');

  const pad = (n: number) => String(n).padStart(2, '0');
  const local = (date: Date) =>
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:00`;
  const from = new Date(Date.now() + 86_400_000);
  const to = new Date(Date.now() + 3 * 86_400_000);
  await page.getByLabel('Name', { exact: true }).fill('Umbau');
  await page.getByLabel('Von', { exact: true }).fill(local(from));
  await page.getByLabel('Bis', { exact: true }).fill(local(to));
  await page.getByRole('button', { name: 'Abwesenheit anlegen' }).click();
  await expect(page.getByText('Abwesenheit angelegt.')).toBeVisible();
  const auth = Buffer.from(`${benchUser.username}:${benchUser.password}`).toString('base64');
  const list = (await (
    await fetch(`${running.origin}/api/absences/`, { headers: { authorization: `Basic ${auth}` } })
  ).json()) as { absences: { name: string; rooms: number[] | 'all' }[] };
  const rooms = list.absences.find((absence) => absence.name === 'Umbau')!.rooms as number[];
  const expected = [
    ...Array.from({ length: 50 }, (_, i) => 101 + i),
    ...[1, 2, 4, 5, 6, 7, 8, 9].map((n) => 200 + n),
  ];
  expect([...rooms].sort((a, b) => a - b)).toEqual(expected);
});

// Proxy mode: the device (our own server here, as in proxy-sign-in.spec.ts) is asked through the
// proxy; a real one takes only `duration`, so "Bis …" reaches 24 hours and says why.
const DEVICE_USER = 'geraet-konto';
const DEVICE_PASSWORD = 'geraet-geheim-7781';
const proxyTest = test.extend<{ device: RunningServer }>({
  device: async ({}, use) => {
    const device = await startServer({
      env: { ANONYMOUS_READ: 'true', WEB_DIST: '' },
      seed: {
        ...demoSeed(),
        users: [
          {
            username: DEVICE_USER,
            email: 'geraet@example.com',
            password: DEVICE_PASSWORD,
            firstName: 'Raumregler',
            lastName: 'Server',
            access: { smart: 'full', pro: 'full' },
          },
        ],
      },
    });
    await use(device);
    await device.stop();
  },
  server: async ({ device }, use) => {
    const proxy = await startServer({
      seed: demoSeed(),
      env: {
        UPSTREAM_URL: device.origin,
        UPSTREAM_USER: DEVICE_USER,
        UPSTREAM_PASSWORD: DEVICE_PASSWORD,
      },
    });
    await use(proxy);
    await proxy.stop();
  },
});

function demoSeed() {
  return JSON.parse(
    readFileSync(
      new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
      'utf8',
    ),
  ) as Record<string, unknown>;
}

proxyTest('in proxy mode "Bis …" reaches 24 hours and says why', async ({ page, device }) => {
  const durations: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/ziel\/\d+\/$/.test(request.url()))
      durations.push(/name="duration"\r\n\r\n(\d+)/.exec(request.postData() ?? '')?.[1] ?? '');
  });
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  await page
    .getByRole('group', { name: 'Ganze Geschosse auswählen' })
    .getByRole('button', { name: 'Obergeschoss', exact: true })
    .click();
  await page.getByRole('button', { name: 'Vorübergehend…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Vorübergehende Temperatur' });
  await expect(
    dialog.getByText(/^Der Regler nimmt nur eine Dauer bis 24 Stunden an, daher höchstens bis /),
  ).toBeVisible();
  const at = (hours: number) =>
    page.evaluate((ahead) => {
      const pad = (n: number) => String(n).padStart(2, '0');
      const end = new Date(Date.now() + ahead * 3_600_000);
      return {
        date: `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}`,
        time: `${pad(end.getHours())}:${pad(end.getMinutes())}`,
      };
    }, hours);
  const tooFar = await at(30);
  await dialog.getByLabel('Datum').fill(tooFar.date);
  await dialog.getByLabel('Uhrzeit').fill(tooFar.time);
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(dialog.getByText(/^Das Ende darf höchstens bis .+ reichen\.$/)).toBeVisible();
  expect(durations).toEqual([]);

  const end = await at(20);
  await dialog.getByLabel('Datum').fill(end.date);
  await dialog.getByLabel('Uhrzeit').fill(end.time);
  await dialog.getByLabel('Temperatur (°C)').fill('19');
  await dialog.getByRole('button', { name: 'Übernehmen' }).click();
  await expect(page.getByText(/^Fertig: \d+ Räume geändert\.$/)).toBeVisible();
  // What a real device reads: the minutes up to the end (20 h, give or take the current minute).
  expect(durations.length).toBeGreaterThan(0);
  for (const minutes of durations) {
    expect(Number(minutes)).toBeGreaterThanOrEqual(20 * 60 - 1);
    expect(Number(minutes)).toBeLessThanOrEqual(20 * 60);
  }
  const temps = (await (await fetch(`${device.origin}/get/json/v1/1/temps/`)).json()) as {
    etagenname: string;
    raeume: TempsRoom[];
  }[];
  const upstairs = temps.find((floor) => floor.etagenname === 'OG')!.raeume;
  expect(upstairs.length).toBe(durations.length);
  for (const room of upstairs)
    expect(room).toMatchObject({
      solltemperatur: 19,
      mode_end_datetime: `${end.date}T${end.time}:00`,
    });
});
