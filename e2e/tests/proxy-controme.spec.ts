import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { readFloors, type Floor, type Room } from '@raumregler/contract';
import { parseCsv } from '@raumregler/contract/testing';
import { expectNoA11yViolations } from '../support/a11y';
import { demoBuilding, startDevice, startProxy } from '../support/device';
import { expect, test as base } from '../support/fixtures';
import { dial } from '../support/rooms';
import type { RunningServer } from '../support/server';

// Issue 33: the product in front of a device that answers like a real Controme Mini-Server
// (DEVICE_PROFILE=controme: numbers as strings, a window contact's null, integer modes,
// spaced and analog outputs, an HTML page for a refused write, `OK` for a taken one). The
// main journeys once, through our server in proxy mode; and every screen compared with the
// same building behind a clean device, at SIM_SPEED=0.

const demo = { username: 'demo', password: 'demo1234' };
const authorization = `Basic ${Buffer.from(`${demo.username}:${demo.password}`).toString('base64')}`;

interface Pair {
  device: RunningServer;
  proxy: RunningServer;
}
const running: RunningServer[] = [];
async function startPair(profile: 'clean' | 'controme', env: Record<string, string> = {}) {
  const device = await startDevice(demoBuilding, { DEVICE_PROFILE: profile });
  running.push(device);
  const proxy = await startProxy(demoBuilding, device, env);
  running.push(proxy);
  return { device, proxy } satisfies Pair;
}
// Each test starts its own devices and proxies: no demo server of the fixtures is needed.
const test = base.extend({ baseURL: async ({}, use) => use(undefined) });
test.afterEach(async () => {
  for (const server of running.splice(0).reverse()) await server.stop();
});

/** Signs in at the proxy through its login form, the way a person does. */
async function signIn(page: Page, proxy: RunningServer) {
  await page.goto(`${proxy.appUrl}auth/login`);
  await page.getByLabel('Benutzername').fill(demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle('Übersicht – Raumregler');
}

/** The rooms as our server's app reads them: the contract's reader over the proxy's answer. */
async function roomsOf(server: RunningServer) {
  const response = await fetch(`${server.origin}/get/json/v1/1/temps/`, {
    headers: { authorization },
  });
  expect(response.status).toBe(200);
  return (readFloors(await response.json()) ?? []).flatMap((floor: Floor) => floor.raeume);
}

/** What the app shows of a room (a real device adds offsets, a window contact, report times). */
const shown = (rooms: Room[]) =>
  rooms.map((room) => ({
    id: room.id,
    name: room.name,
    temperatur: room.temperatur,
    luftfeuchte: room.luftfeuchte,
    solltemperatur: room.solltemperatur,
    perm_solltemperatur: room.perm_solltemperatur,
    betriebsart: room.betriebsart,
    is_temporary_mode: room.is_temporary_mode,
    next_temperature: room.next_temperature,
    next_due_time: room.next_due_time,
  }));

/**
 * What a page shows in its main region, without the ticking parts (countdowns, "vor 3 s"), the
 * overview's "Aktualisiert" times (a real device's sensors report every 3–5 minutes, not on every
 * poll, and the app shows when each did) and the history's durations ("0 h 1 min"): each proxy
 * counts them from its own polls, which start seconds apart.
 */
const mainText = async (page: Page) =>
  (await page.getByRole('main').innerText())
    .replace(/\t\d{2}:\d{2}$/gm, '\t…')
    .replace(/\d+h \d{2}m \d{2}s/g, '…')
    .replace(/vor \d+ (s|Sek\w*|Min\w*)/g, '…')
    .replace(/\d+ h \d+ min/g, '…');

async function openAt(browser: Browser, proxy: RunningServer) {
  const page = await (await browser.newContext({ baseURL: proxy.appUrl })).newPage();
  await signIn(page, proxy);
  return page;
}

test('every screen shows the same rooms, figures and states as in front of a clean device', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Polls every 10 s: the first within seconds of the start.
  const polls = { HISTORY_INTERVAL_SECONDS: '10' };
  const [clean, controme] = await Promise.all([
    startPair('clean', polls),
    startPair('controme', polls),
  ]);
  // The raw answers differ (that is the point of the profile) …
  const raw = await (await fetch(`${controme.device.origin}/get/json/v1/1/temps/`)).text();
  expect(raw).toMatch(/"luftfeuchte":"\d/);
  // … what our app reads from them does not.
  expect(shown(await roomsOf(controme.proxy))).toEqual(shown(await roomsOf(clean.proxy)));

  // Both have polled their device: the history knows the rooms (until then it answers 404).
  for (const { proxy } of [clean, controme]) {
    await expect
      .poll(
        async () =>
          (await fetch(`${proxy.origin}/api/history/1/`, { headers: { authorization } })).status,
        { timeout: 70_000, intervals: [1_000] },
      )
      .toBe(200);
  }
  const [a, b] = await Promise.all([openAt(browser, clean.proxy), openAt(browser, controme.proxy)]);
  const rooms = await roomsOf(clean.proxy);
  const screens = ['', ...rooms.map((room) => `room-control/smart/room/${room.id}`), 'alarms'];
  for (const screen of screens) {
    await Promise.all([a.goto(screen), b.goto(screen)]);
    for (const page of [a, b]) {
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      // The figures are in: no skeleton left, and a room page's lazy parts (history, week) loaded.
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      if (screen.startsWith('room-control')) {
        await page.getByText('Zeiten in der Ortszeit des Geräts.').scrollIntoViewIfNeeded();
        await expect(page.getByText(/wird geladen/)).toHaveCount(0);
      }
    }
    expect(await mainText(b), screen || 'overview').toBe(await mainText(a));
  }
});

test('the main journeys through our server in front of a real-shaped device', async ({ page }) => {
  test.setTimeout(180_000);
  const { device, proxy } = await startPair('controme', { HISTORY_INTERVAL_SECONDS: '10' });
  // Like a real Controme, the device answers reads without any password; ours does not.
  expect((await fetch(`${device.origin}/get/json/v1/1/temps/`)).status).toBe(200);
  for (const headers of [{}, { authorization: 'Basic ZGVtbzp3cm9uZw==' }] as Record<
    string,
    string
  >[]) {
    const refused = await fetch(`${proxy.origin}/get/json/v1/1/temps/`, { headers });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: 'unauthorized' });
  }
  // Sign-in and the overview: every room of the building, with its figures.
  await signIn(page, proxy);
  const rooms = await roomsOf(proxy);
  await expect(page.getByText(`${rooms.length} von ${rooms.length} Räumen`)).toBeVisible();
  await expectNoA11yViolations(page);

  // The room page: the dial's change reaches the device, which answers `OK`.
  await page.goto(`${proxy.appUrl}room-control/smart/room/1`);
  const slider = dial(page, 'Wohnzimmer');
  const start = Number(await slider.getAttribute('aria-valuenow'));
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Gespeichert')).toBeVisible();
  await expect(slider).toHaveAttribute('aria-valuenow', String(start + 0.5));
  await expect
    .poll(async () => (await roomsOf(device)).find((room) => room.id === 1)?.solltemperatur)
    .toBe(start + 0.5);

  // The Wochenplan: the device's own programme, read-only.
  const week = page.getByRole('table', { name: 'Schaltpunkte des Geräts' });
  await week.scrollIntoViewIfNeeded();
  await expect(week.getByRole('row').nth(1)).toContainText(/Komfort|Absenkung/);
  await expect(page.getByRole('button', { name: /hinzufügen|kopieren|Speichern/ })).toHaveCount(0);

  // History from the polled device: string values give samples, not holes.
  await expect
    .poll(
      async () => {
        const response = await fetch(`${proxy.origin}/api/history/1/`, {
          headers: { authorization },
        });
        // 404 until the first poll has told our server the device's rooms.
        if (!response.ok) return `HTTP ${response.status}`;
        const { samples } = (await response.json()) as {
          samples: { temperature: number | null; humidity: number | null }[];
        };
        return (
          samples.length > 1 && samples.every((s) => s.temperature !== null && s.humidity !== null)
        );
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);
  await page.reload();
  const history = page.getByRole('region', { name: 'Verlauf' });
  await history.scrollIntoViewIfNeeded();
  await expect(history.getByRole('img', { name: /Temperaturverlauf/ })).toBeVisible();

  // Alarms: after these polls, none; neither the window contacts' nulls nor the text values,
  // the integer modes or the sensors' 3–5-minute reports raised one.
  await page.goto(`${proxy.appUrl}alarms`);
  await expect(page.getByRole('heading', { level: 1, name: 'Alarme' })).toBeVisible();
  await expect(page.getByText('Keine Alarme', { exact: true })).toBeVisible();
  const open = await (
    await fetch(`${proxy.origin}/api/alarms/?state=all`, { headers: { authorization } })
  ).json();
  expect(open).toEqual({ alarms: [] });

  // The export of all rooms reads the same polled samples: every room has today's quarter
  // with its temperature and humidity.
  await page.goto(proxy.appUrl);
  await page.getByRole('button', { name: 'Alle Räume exportieren…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Alle Räume exportieren' });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
  await dialog.getByLabel('Von').fill(today);
  await dialog.getByLabel('Bis').fill(today);
  await dialog.getByLabel('Auflösung').selectOption('15m');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Herunterladen' }).click();
  const text = readFileSync((await (await downloading).path())!, 'utf8');
  const { rows } = parseCsv(text.replace(/^\uFEFF/, ''), ';');
  const measured = rows.slice(1).filter((row) => row[3] !== '' && row[5] !== '');
  expect(new Set(measured.map((row) => row[0]))).toEqual(
    new Set(rooms.filter((room) => room.temperatur !== null).map((room) => room.name)),
  );
});
