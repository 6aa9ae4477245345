import type { DeviceList, MqttStatus } from '@raumregler/contract';
import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, signIn, test as base } from '../support/fixtures';
import { DEVICE_MODELS, startMosquitto, Zigbee2mqttDouble, type Broker } from '../support/mqtt';
import type { RunningServer } from '../support/server';

/**
 * The Geräte page (issue 36) on the real server with a real mosquitto and the zigbee2mqtt double:
 * a building-wide manager sees zigbee2mqtt's devices, assigns one to a room, and the gateway
 * banner comes and goes with the broker.
 */
let bases = 0;
const test = base.extend<{ z2m: Zigbee2mqttDouble; base: string }, { broker: Broker }>({
  broker: [
    async ({}, use) => {
      const broker = await startMosquitto();
      await use(broker);
      await broker.stop();
    },
    { scope: 'worker' },
  ],
  base: async ({}, use) => use(`e2e-devices-${process.pid}-${++bases}`),
  z2m: async ({ broker, base }, use) => {
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [
        { name: 'TRV Wohnzimmer', model: DEVICE_MODELS.DANFOSS_ALLY },
        { name: 'Bad/Heizkörper, links', model: DEVICE_MODELS.TUYA_TS0601_TRV, online: false },
        { name: 'Sensor, Flur/1', model: DEVICE_MODELS.AQARA_WSDCGQ11LM },
      ],
    });
    await use(double);
    await double.stop();
  },
  serverEnv: async ({ broker, base, z2m }, use) => {
    void z2m;
    await use({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: base });
  },
});

const basic = `Basic ${Buffer.from('demo:demo1234').toString('base64')}`;
async function ask<T>(server: RunningServer, path: string): Promise<T> {
  const answer = await fetch(`${server.origin}/api${path}`, { headers: { authorization: basic } });
  expect(answer.status).toBe(200);
  return (await answer.json()) as T;
}

/** The window regains focus: the app asks for the gateway's state at once. */
const refocus = (page: Page) =>
  page.evaluate(() => {
    // TanStack Query's focus manager listens on the window.
    window.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });

test('the manager sees the devices, assigns one to a room; the gateway banner comes and goes with the broker', async ({
  page,
  server,
  broker,
}) => {
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
  // The user menu has Geräte where MQTT is on.
  await page.getByRole('button', { name: 'Benutzermenü von demo' }).click();
  await page.getByRole('menuitem', { name: 'Geräte' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Geräte' })).toBeVisible();

  const table = page.getByRole('table', { name: 'Geräte' });
  const row = (name: string) => table.getByRole('row').filter({ hasText: name });
  await expect(row('TRV Wohnzimmer')).toContainText('Danfoss 014G2461');
  await expect(row('TRV Wohnzimmer')).toContainText('90 %');
  await expect(row('TRV Wohnzimmer')).toContainText('Kein Raum');
  await expect(row('TRV Wohnzimmer')).toContainText('Online');
  await expect(row('Bad/Heizkörper, links')).toContainText('Tuya');
  await expect(row('Bad/Heizkörper, links')).toContainText('Offline');
  await expect(row('Sensor, Flur/1')).toContainText('Sensor');

  // Assign by keyboard-reachable controls: the row's button, the room search, a radio.
  await row('TRV Wohnzimmer')
    .getByRole('button', { name: 'Raum zuweisen: TRV Wohnzimmer' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Raum für „TRV Wohnzimmer“' });
  await dialog.getByLabel('Räume suchen').fill('Wohnzimmer');
  await dialog.getByRole('radio', { name: 'Wohnzimmer', exact: true }).check();
  await expectNoA11yViolations(page, 'assign dialog');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('„TRV Wohnzimmer“ gehört jetzt zu Wohnzimmer.')).toBeVisible();
  await expect(row('TRV Wohnzimmer')).toContainText('Wohnzimmer');
  await expect(row('TRV Wohnzimmer')).not.toContainText('Kein Raum');
  const list = await ask<DeviceList>(server, '/devices/');
  expect(list.devices.find((device) => device.name === 'TRV Wohnzimmer')?.room?.name).toBe(
    'Wohnzimmer',
  );
  await expectNoA11yViolations(page, 'devices table');
  // The table fits a small desktop beside the sidebar.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(table).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1024);
  await page.setViewportSize({ width: 1280, height: 720 });

  // The broker dies: every page says so, and changes are still taken.
  await expect(page.getByTestId('gateway-banner')).toHaveCount(0);
  await broker.kill();
  await expect
    .poll(async () => (await ask<MqttStatus>(server, '/mqtt/status')).broker?.connected)
    .toBe(false);
  await refocus(page);
  const banner = page.getByTestId('gateway-banner');
  await expect(banner).toContainText(/^Funk-Gateway nicht erreichbar seit \d\d:\d\d\./);
  await page.goto('alarms');
  await expect(banner).toBeVisible();
  await page.goto('devices');
  await row('Sensor, Flur/1')
    .getByRole('button', { name: 'Raum zuweisen: Sensor, Flur/1' })
    .click();
  await dialog
    .or(page.getByRole('dialog'))
    .getByRole('radio', { name: 'Wohnzimmer', exact: true })
    .check();
  await page.getByRole('dialog').getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('„Sensor, Flur/1“ gehört jetzt zu Wohnzimmer.')).toBeVisible();
  await expect(banner).toBeVisible();

  // Back: the banner goes.
  await broker.start();
  await expect
    .poll(async () => (await ask<MqttStatus>(server, '/mqtt/status')).broker?.connected, {
      timeout: 20_000,
    })
    .toBe(true);
  await refocus(page);
  await expect(banner).toHaveCount(0);
});

test.describe('in the dark on a phone', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('cards, the room choice, the banner; axe clean', async ({ page, broker, server }) => {
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Übersicht' })).toBeVisible();
    await page.goto('devices');
    await expect(page.locator('html')).toHaveClass(/dark/);
    const cards = page.getByRole('list', { name: 'Geräte' });
    await expect(cards.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('table')).toHaveCount(0);
    const trv = cards.getByRole('listitem').filter({ hasText: 'TRV Wohnzimmer' });
    await expect(trv).toContainText('Danfoss 014G2461');
    await expect(trv).toContainText('90 %');
    await expectNoA11yViolations(page, 'devices cards, dark phone');
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await trv.getByRole('button', { name: 'Raum zuweisen: TRV Wohnzimmer' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expectNoA11yViolations(page, 'assign dialog, dark phone');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await broker.kill();
    await expect
      .poll(async () => (await ask<MqttStatus>(server, '/mqtt/status')).broker?.connected)
      .toBe(false);
    await refocus(page);
    await expect(page.getByTestId('gateway-banner')).toBeVisible();
    await expectNoA11yViolations(page, 'gateway banner, dark phone');
    await broker.start();
  });
});
