import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { cleanOuts, cleanTemps, contromeOuts, contromeTemps } from '@raumregler/contract/testing';
import { expect, signIn, test as base } from '../support/fixtures';
import { startServer, type RunningServer } from '../support/server';

// Issue 33: the app in proxy mode in front of a device that answers as real Controme
// Mini-Servers do (the contract's fixtures: humidity and temperatures as text with a point or a
// comma, integer modes, a one-element `temps/{id}/`, `outs/` keys with a leading space, missing
// offsets and sensors, a window contact's null, a room without an id) or, for comparison, as our
// own server does with the same building. Like a real device it checks no password on GETs.

const demoBuilding = JSON.parse(
  readFileSync(
    new URL('../../apps/server/src/modules/building/seed/demo-building.json', import.meta.url),
    'utf8',
  ),
) as Record<string, unknown>;

/** The sensors' last reports: now (Berlin), so that no sensor reads as silent. */
const reportedNow = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})
  .format(new Date())
  .replace(',', '');

type Rooms = { id: unknown; sensoren?: { wert: unknown }[] }[];
const withReports = (floors: unknown) =>
  (floors as { raeume: Rooms }[]).map((floor) => ({
    ...floor,
    raeume: floor.raeume.map((room) => ({
      ...room,
      ...(room.sensoren && {
        sensoren: room.sensoren.map((sensor) =>
          sensor.wert === null ? sensor : { ...sensor, letzte_uebertragung: reportedNow },
        ),
      }),
    })),
  }));

interface Device {
  origin: string;
  setShape: (shape: 'clean' | 'controme') => void;
  server: Server;
}

async function fakeDevice(): Promise<Device> {
  let shape: 'clean' | 'controme' = 'controme';
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0]!;
    const temps = withReports(shape === 'clean' ? cleanTemps : contromeTemps);
    let body: unknown = null;
    if (path === '/get/json/v1/1/info/') {
      body = { hw: 'mini', 'sw-date': '2026-01-01', branch: 'main', os: 'linux', fbi: '1' };
    } else if (path === '/get/json/v1/1/temps/') body = temps;
    else if (path === '/get/json/v1/1/outs/') body = shape === 'clean' ? cleanOuts : contromeOuts;
    else {
      const match = /^\/get\/json\/v1\/1\/temps\/(\d+)\/$/.exec(path);
      const room = match
        ? temps.flatMap((floor) => floor.raeume).find((each) => String(each.id) === match[1])
        : undefined;
      // The room alone in a list, as devices answer.
      if (room) body = [room];
    }
    response.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, setShape: (value) => (shape = value), server };
}

const test = base.extend<{ device: Device }>({
  device: async ({}, use) => {
    const device = await fakeDevice();
    await use(device);
    await new Promise((resolve) => device.server.close(resolve));
  },
  server: async ({ device }, use) => {
    const server: RunningServer = await startServer({
      seed: demoBuilding,
      env: {
        UPSTREAM_URL: device.origin,
        UPSTREAM_USER: 'geraet-konto',
        UPSTREAM_PASSWORD: 'geraet-geheim-7781',
      },
    });
    await use(server);
    await server.stop();
  },
});

/** Every row of the overview's table as its cells' texts (the selection checkbox left out). */
async function overviewRows(page: Page): Promise<string[][]> {
  const table = page.getByRole('table');
  await expect(table.getByRole('link', { name: 'Büro', exact: true })).toBeVisible();
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.getByRole('cell').allTextContents()).slice(1).map((text) => text.trim()),
    ),
  );
}

test('a real device’s answers show the same rooms, figures and states as clean ones', async ({
  page,
  device,
}) => {
  await signIn(page);
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  const real = await overviewRows(page);
  device.setShape('clean');
  await page.reload();
  const clean = await overviewRows(page);
  expect(real).toEqual(clean);
  // Five rooms: the device's entry without an id is left out, not the list.
  expect(real).toHaveLength(5);
  await expect(page.getByText('Gerät ohne Raum')).toHaveCount(0);
  device.setShape('controme');
  await page.reload();
  const table = page.getByRole('table');
  const row = (room: string) =>
    table.getByRole('row').filter({ has: page.getByRole('link', { name: room, exact: true }) });
  // "19,5" as text, mode 1: off; mode 3 ("on") on a room whose id came as text: heating.
  await expect(row('Bad OG')).toContainText('19,5 °C');
  await expect(row('Bad OG')).toContainText('Aus');
  await expect(row('Büro')).toContainText('Heizen');
  // Analog outputs " 3": 45 and " 4": "60": 53 %.
  await expect(row('Küche')).toContainText('53 %');
  await expect(page.getByText(/NaN|null|undefined/)).toHaveCount(0);
});

test('the room page reads the device’s one-element temps/{id}/ and its text values', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveTitle('Übersicht – Raumregler');
  await page.goto('room-control/smart/room/2');
  await expect(page.getByRole('heading', { level: 1, name: 'Küche' })).toBeVisible();
  await expect(page.getByRole('slider', { name: 'Zieltemperatur Küche' })).toHaveAttribute(
    'aria-valuenow',
    '23',
  );
  // Humidity "52" as text; the window contact's null is no lost sensor.
  await expect(page.getByText('Luftfeuchte 52 %')).toBeVisible();
  await expect(page.getByText(/Sensor meldet|keinen Temperatursensor/)).toHaveCount(0);
  await page.goto('room-control/smart/room/4');
  await expect(page.getByRole('heading', { level: 1, name: 'Flur OG' })).toBeVisible();
  // "kein Sensor vorhanden" in place of a number: the room has no sensor, shown as such.
  await expect(page.getByText('Dieser Raum hat keinen Temperatursensor.')).toBeVisible();
  await expect(page.getByText(/NaN|null|undefined/)).toHaveCount(0);
});
