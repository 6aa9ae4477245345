import type { AuditResponse, BuildingList } from '@raumregler/contract';
import { expectNoA11yViolations } from '../support/a11y';
import {
  DEVICE_PASSWORD,
  DEVICE_USER,
  startDevice,
  type Building as DeviceBuilding,
} from '../support/device';
import { demo, expect, test as base } from '../support/fixtures';
import { DEVICE_MODELS, startMosquitto, Zigbee2mqttDouble, type Broker } from '../support/mqtt';
import { dial } from '../support/rooms';
import { basic, demoManages, openBuildingsPage } from '../support/buildings';
import { cli, type RunningServer } from '../support/server';

/*
 * Issue 37 in the browser: buildings with devices of their own beside the simulated demo
 * building (house 1) of the real built server. "Rathaus" (house 2) is in front of a Controme
 * device (our own server simulating house 2 with DEVICE_PROFILE=controme, knowing only the
 * device account); "Kita" (house 3) is driven from zigbee2mqtt devices on a real mosquitto. The
 * user sees each building's own rooms and devices, and a write reaches that building's device.
 */
const DEMO_AUTH = basic(demo.username, demo.password);

/** The Rathaus as its device holds it: rooms the demo building has none of. */
const rathaus: DeviceBuilding & Record<string, unknown> = {
  building: { name: 'Rathaus (Gerät)', houseId: 2 },
  users: [],
  floors: [
    {
      id: 1,
      name: 'EG',
      rooms: [
        { id: 1, name: 'Ratssaal', temperature: 19.5, target: 20, humidity: 40, mode: 'Heating' },
        { id: 2, name: 'Trauzimmer', temperature: 21, target: 21, humidity: 45, mode: 'Heating' },
      ],
    },
  ],
};

/** Room 1's target in building `house` of `server`, as the device API answers it. */
async function target(server: RunningServer, house: number, authorization = DEMO_AUTH) {
  const response = await fetch(`${server.origin}/get/json/v1/${house}/temps/1/`, {
    headers: { authorization },
  });
  expect(response.status).toBe(200);
  const [room] = (await response.json()) as { solltemperatur: number | string }[];
  // A Controme device answers numbers as strings.
  return Number(room!.solltemperatur);
}

/** The demo building's audit log of its room 1. */
async function ownLog(server: RunningServer) {
  const answer = await fetch(`${server.origin}/api/audit/?room=1&house=1`, {
    headers: { authorization: DEMO_AUTH },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as AuditResponse).entries;
}

// ---------------------------------------------------------------------------------------------
// A Controme building: the demo server plus "Rathaus" in front of its device.

const controme = base.extend<{ device: RunningServer }>({
  device: async ({}, use) => {
    const device = await startDevice(rathaus, { DEVICE_PROFILE: 'controme', HOUSE_ID: '2' });
    await use(device);
    await device.stop();
  },
});

/** `building add` of the Rathaus in front of `device` with its account; the demo user there. */
async function addRathaus(server: RunningServer, device: RunningServer) {
  await cli(
    server,
    'building',
    'add',
    '--house-id',
    '2',
    '--name',
    'Rathaus',
    '--upstream-url',
    device.origin,
    '--upstream-user',
    DEVICE_USER,
    '--upstream-password',
    DEVICE_PASSWORD,
  );
  await demoManages(server, 2);
  // Our rooms of the Rathaus follow its device's from its first poll, right when it is served.
  await expect
    .poll(
      async () => {
        const answer = await fetch(`${server.origin}/api/buildings/`, {
          headers: { authorization: DEMO_AUTH },
        });
        const { buildings } = (await answer.json()) as BuildingList;
        return buildings.find((building) => building.house_id === 2)?.rooms;
      },
      { timeout: 8_000 },
    )
    .toBe(2);
}

controme(
  'Rathaus shows its device’s rooms; a target set there reaches the device with the device account',
  async ({ page, server, device }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await addRathaus(server, device);
    const ownBefore = await target(server, 1);
    const ownLogBefore = await ownLog(server);

    await openBuildingsPage(page);
    const table = page.getByRole('table', { name: 'Ihre Gebäude' });
    await expect(table.getByRole('rowheader')).toHaveText(['Musterhaus', 'Rathaus']);
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Rathaus' }) });
    // Räume: the device's two.
    await expect(row.getByRole('cell').first()).toHaveText('2');
    await table.getByRole('link', { name: 'Rathaus' }).click();
    await expect(page).toHaveURL(/\/re\/home\/\?house=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    // The device's rooms, not the demo building's.
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Ratssaal', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Trauzimmer', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Wohnzimmer', exact: true })).toHaveCount(0);

    await main.getByRole('link', { name: 'Ratssaal', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Ratssaal' })).toBeVisible();
    const slider = dial(page, 'Ratssaal');
    await expect(slider).not.toHaveAttribute('aria-readonly', 'true');
    await expect(slider).toHaveAttribute('aria-valuenow', '20');
    await slider.focus();
    await page.keyboard.press('PageUp');
    // A real-format device answers "OK"; our server reads the room back before it says so.
    await expect(page.getByText('Gespeichert')).toBeVisible({ timeout: 15_000 });
    await expect(slider).toHaveAttribute('aria-valuenow', '21');
    // Our log names the person; the device's (below) the building's device account.
    const recent = page.getByRole('region', { name: 'Letzte Änderungen' });
    await recent.scrollIntoViewIfNeeded();
    await expect(recent.getByRole('listitem').first()).toContainText('demo setzte 21,0 °C');

    // The device has it, written with the building's device account (it knows no other).
    await expect.poll(() => target(device, 2, basic(DEVICE_USER, DEVICE_PASSWORD))).toBe(21);
    const audit = await fetch(`${device.origin}/api/audit/?room=1`, {
      headers: { authorization: basic(DEVICE_USER, DEVICE_PASSWORD) },
    });
    expect(audit.status).toBe(200);
    const { entries } = (await audit.json()) as AuditResponse;
    expect(entries[0]).toMatchObject({ user: DEVICE_USER, room: 1 });
    expect(JSON.stringify(entries)).not.toContain(demo.username);
    // The demo building's room 1 is as it was, its log too.
    expect(await target(server, 1)).toBe(ownBefore);
    expect(await ownLog(server)).toEqual(ownLogBefore);
  },
);

controme.describe('on a phone, dark', () => {
  controme.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

  controme(
    'Rathaus’s rooms as cards and its room page; axe clean',
    async ({ page, server, device }) => {
      await addRathaus(server, device);
      await openBuildingsPage(page);
      const cards = page.getByRole('list', { name: 'Ihre Gebäude' }).getByRole('listitem');
      await expect(cards).toHaveCount(2);
      await cards.nth(1).getByRole('link', { name: 'Rathaus' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
      await expect(page.locator('html')).toHaveClass(/dark/);
      const main = page.getByRole('main');
      await expect(main.getByText('Trauzimmer', { exact: true })).toBeVisible();
      await expect(main.getByText('Wohnzimmer', { exact: true })).toHaveCount(0);
      await expectNoA11yViolations(page, 'Rathaus overview, phone dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );

      await main.getByRole('link', { name: 'Trauzimmer', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Trauzimmer' })).toBeVisible();
      await expect(dial(page, 'Trauzimmer')).toHaveAttribute('aria-valuenow', '21');
      await expectNoA11yViolations(page, 'Rathaus room, phone dark');
    },
  );
});

// ---------------------------------------------------------------------------------------------
// A zigbee2mqtt building: the demo server with MQTT_URL (house 1 simulated) plus "Kita".

const TRV = 'TRV Gruppenraum';
let bases = 0;
const zigbee = base.extend<{ z2m: Zigbee2mqttDouble; base: string }, { broker: Broker }>({
  broker: [
    async ({}, use) => {
      const broker = await startMosquitto();
      await use(broker);
      await broker.stop();
    },
    { scope: 'worker' },
  ],
  base: async ({}, use) => use(`kita-${process.pid}-${++bases}/z2m`),
  z2m: async ({ broker, base }, use) => {
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [
        { name: TRV, model: DEVICE_MODELS.DANFOSS_ALLY, state: { local_temperature: 18.5 } },
      ],
    });
    await use(double);
    await double.stop();
  },
  // The own building simulated: MQTT_URL set, Z2M_BASE_TOPIC empty.
  serverEnv: async ({ broker }, use) => use({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: '' }),
});

/** Room 1's temperature in building `house`, as the device API answers it. */
async function temperature(server: RunningServer, house: number) {
  const response = await fetch(`${server.origin}/get/json/v1/${house}/temps/1/`, {
    headers: { authorization: DEMO_AUTH },
  });
  const [room] = (await response.json()) as { temperatur: number | null }[];
  return room!.temperatur;
}

zigbee(
  'Kita’s Geräte lists its thermostat; assigned to a room, the room shows the thermostat’s temperature',
  async ({ page, server, z2m, base }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await cli(
      server,
      'building',
      'add',
      '--house-id',
      '3',
      '--name',
      'Kita',
      '--z2m-base-topic',
      base,
    );
    await demoManages(server, 3);
    const ownBefore = await temperature(server, 1);

    await openBuildingsPage(page);
    await page
      .getByRole('table', { name: 'Ihre Gebäude' })
      .getByRole('link', { name: 'Kita' })
      .click();
    await expect(page).toHaveURL(/\?house=3$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.getByRole('button', { name: 'Benutzermenü von demo' }).click();
    await page.getByRole('menuitem', { name: 'Geräte' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
    const devices = page.getByRole('table', { name: 'Geräte' });
    const trv = devices.getByRole('row').filter({ hasText: TRV });
    await expect(trv).toContainText('Danfoss');
    await expect(trv).toContainText('Kein Raum');
    await expect(trv).toContainText('Online');

    // Kita's rooms are not simulated: no temperature until a device reports one.
    expect(await temperature(server, 3)).toBeNull();
    await trv.getByRole('button', { name: `Raum zuweisen: ${TRV}` }).click();
    const dialog = page.getByRole('dialog', { name: `Raum für „${TRV}“` });
    await dialog.getByRole('radio', { name: 'Wohnzimmer', exact: true }).check();
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`„${TRV}“ gehört jetzt zu Wohnzimmer.`)).toBeVisible();
    await expect(trv).toContainText('Wohnzimmer');

    // The thermostat reports; the room's temperature is its report (none before: not simulated).
    await z2m.report(TRV, { local_temperature: 19.7 });
    await expect.poll(() => temperature(server, 3), { timeout: 8_000 }).toBe(19.7);
    // Opened afresh (within the app the overview shows its rooms as read up to 30 s ago); the
    // tab stays in Kita.
    await page.goto('');
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Raumregler Kita' })).toBeVisible();
    const room = page
      .getByRole('main')
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: 'Wohnzimmer', exact: true }) });
    await expect(room).toContainText('19,7');

    // Building 1: its Geräte page lists none of them, its room 1 as the simulation keeps it.
    await page.goto('devices?house=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();
    await expect(
      page.getByText(
        'Dieses Gebäude hat kein zigbee2mqtt: Seine Räume werden nicht von Funk-Thermostaten geregelt.',
      ),
    ).toBeVisible();
    await expect(page.getByText(TRV)).toHaveCount(0);
    expect(await temperature(server, 1)).toBe(ownBefore);
  },
);
