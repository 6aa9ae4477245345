import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test as base } from '../support/fixtures';
import {
  DEVICE_PASSWORD,
  DEVICE_USER,
  demoBuilding,
  startDevice,
  startProxy,
} from '../support/device';
import type { RunningServer } from '../support/server';

// Issue 33, item 5: in proxy mode (UPSTREAM_URL) the Wochenplan lists the device's own
// programme (`heizprogramm/`) read-only. The device is our own server, simulating the demo
// building, which answers `heizprogramm/` like a real Controme (issue 33's simulated profile).
interface DevicePoint {
  name: string;
  next_due_time: string | null;
  active: boolean;
}

let device: RunningServer | undefined;
let proxy: RunningServer | undefined;
// Each test starts its own device and proxy: no demo server of the fixtures is needed.
const test = base.extend({ baseURL: async ({}, use) => use(undefined) });
test.beforeEach(async () => {
  device = await startDevice(demoBuilding);
  proxy = await startProxy(demoBuilding, device);
});
test.afterEach(async () => {
  await proxy?.stop();
  await device?.stop();
  proxy = device = undefined;
});

/** The device's own answer, as a tool would read it at the device. */
async function deviceProgramme(): Promise<DevicePoint[]> {
  const answer = await fetch(`${device!.origin}/get/json/v1/1/heizprogramm/`, {
    headers: {
      authorization: `Basic ${Buffer.from(`${DEVICE_USER}:${DEVICE_PASSWORD}`).toString('base64')}`,
    },
  });
  expect(answer.status, 'the device answers heizprogramm/').toBe(200);
  const points = (await answer.json()) as DevicePoint[];
  // The shape real devices give: an array of points (the demo building has weeks).
  expect(Array.isArray(points)).toBe(true);
  expect(points.length).toBeGreaterThan(0);
  return points;
}

async function openRoom(page: Page, path = 'room-control/smart/room/1') {
  await page.goto(`${proxy!.appUrl}auth/login`);
  await page.getByLabel('Benutzername').fill('demo');
  await page.getByLabel('Passwort', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  await page.goto(`${proxy!.appUrl}${path}`);
}

const WEEKDAYS = ['So.', 'Mo.', 'Di.', 'Mi.', 'Do.', 'Fr.', 'Sa.'];
/** "Fr., 27. Nov., 06:00" for "2026-11-27 06:00" (the year only when it is not this one). */
function germanNextSwitch(text: string): RegExp {
  const [, year, month, day, time] = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})$/.exec(text)!;
  const weekday = WEEKDAYS[new Date(Number(year), Number(month) - 1, Number(day)).getDay()]!;
  return new RegExp(`^${weekday.replace('.', '\\.')}, ${Number(day)}\\. \\S+( ${year})?, ${time}$`);
}

test("the Wochenplan lists the device's switch points read-only, says it is edited at the device, and passes axe", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const points = await deviceProgramme();
  await openRoom(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Wohnzimmer' })).toBeVisible();
  const schedule = page.getByRole('region', { name: 'Wochenplan' });
  await expect(
    schedule.getByText(/Dieses Gerät hat sein eigenes Heizprogramm; es wird am Gerät selbst/),
  ).toBeVisible();
  const table = schedule.getByRole('table', { name: 'Schaltpunkte des Geräts' });
  await expect(table).toBeVisible();
  // Each named point of the device, soonest first (those without a time last).
  const expected = points
    .filter((point) => point.name.trim() !== '')
    .map((point, index) => ({ point, index }))
    .sort((a, b) => {
      const [x, y] = [a.point.next_due_time, b.point.next_due_time];
      if (x === y) return a.index - b.index;
      if (x === null) return 1;
      if (y === null) return -1;
      return x < y ? -1 : 1;
    })
    .map(({ point }) => point);
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent ?? ''),
      ),
    );
  expect(shown).toHaveLength(expected.length);
  expected.forEach((point, index) => {
    const [name, next, active] = shown[index]!;
    expect(name).toBe(point.name.trim());
    if (point.next_due_time) expect(next).toMatch(germanNextSwitch(point.next_due_time));
    else expect(next).toBe('nicht angegeben');
    expect(active).toBe(point.active ? 'Ja' : 'Nein');
  });
  // Read-only, though demo may manage: no week, no editor, no copying.
  await expect(schedule.getByRole('list', { name: 'Montag' })).toHaveCount(0);
  await expect(schedule.getByRole('button')).toHaveCount(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme);
    await schedule.scrollIntoViewIfNeeded();
    await expectNoA11yViolations(page, `device programme ${scheme}`);
  }

  // On a phone the three columns fit: nothing scrolls sideways.
  await page.setViewportSize({ width: 375, height: 800 });
  await schedule.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      table.evaluate((element) => element.scrollWidth <= element.parentElement!.clientWidth),
    )
    .toBe(true);
  await expectNoA11yViolations(page, 'device programme on a phone');

  // English.
  await page.goto(`${proxy!.appUrl}room-control/smart/room/1?lang=en`);
  const english = page.getByRole('region', { name: 'Weekly schedule' });
  await expect(english.getByText(/This device keeps its own heating programme/)).toBeVisible();
  await expect(
    english.getByRole('table', { name: "The device's switch points" }).getByRole('columnheader'),
  ).toHaveText(['Scene', 'Next switch', 'Active']);
});

test('proxy mode comes from the app-config: absences say the device keeps them, and none are asked for', async ({
  page,
}) => {
  const config = await (await fetch(`${proxy!.origin}/api/app-config`)).json();
  expect(config).toMatchObject({ deviceMode: 'proxy' });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/api\/absences\//.test(request.url())) asked.push(request.url());
  });
  await openRoom(page, 'absences');
  await expect(
    page.getByText(
      'Der Wochenplan dieses Geräts und seine Abwesenheiten werden am Gerät selbst bearbeitet.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Neue Abwesenheit' })).toHaveCount(0);
  expect(asked).toEqual([]);
});
