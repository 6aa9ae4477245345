import type { Page } from '@playwright/test';
import { expectNoA11yViolations } from '../support/a11y';
import { demo, expect, test as base } from '../support/fixtures';
import { DEVICE_MODELS, startMosquitto, Zigbee2mqttDouble, type Broker } from '../support/mqtt';
import { cli, startServer, type RunningServer } from '../support/server';

// Issue 36: a real broker, the zigbee2mqtt double and the built server with MQTT_URL. The
// Wohnzimmer (room 1) holds a Danfoss thermostat; ALARM_DEVICE_MINUTES=0.1: the alarm 6 s after
// it went offline.
const TRV = 'TRV Wohnzimmer';

let broker: Broker | undefined;
let double: Zigbee2mqttDouble | undefined;
let server: RunningServer | undefined;
// Each test starts its own broker, double and server: no demo server of the fixtures is needed.
const test = base.extend({ baseURL: async ({}, use) => use(undefined) });

test.afterEach(async () => {
  await server?.stop();
  await double?.stop();
  await broker?.stop();
  server = double = broker = undefined;
});

async function signIn(page: Page, appUrl: string) {
  await page.goto(`${appUrl}auth/login`);
  await page.getByLabel('Benutzername').fill(demo.username);
  await page.getByLabel('Passwort', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveTitle('Übersicht – Raumregler');
}

async function openAlarms(origin: string) {
  const answer = await fetch(`${origin}/api/alarms/?state=open`, {
    headers: { authorization: `Basic ${btoa(`${demo.username}:${demo.password}`)}` },
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { alarms: { kind: string; device: string | null }[] }).alarms;
}

test('a thermostat going offline raises the alarm', async ({ page, seededData }) => {
  test.setTimeout(90_000);
  broker = await startMosquitto();
  double = await Zigbee2mqttDouble.start({
    url: broker.url,
    devices: [
      { name: TRV, model: DEVICE_MODELS.DANFOSS_ALLY },
      { name: 'Sensor Wohnzimmer', model: DEVICE_MODELS.AQARA_WSDCGQ11LM },
    ],
  });
  server = await startServer({
    env: { MQTT_URL: broker.url, ALARM_DEVICE_MINUTES: '0.1' },
    template: await seededData(),
  });
  await cli(server, 'room', 'devices', '1', TRV, 'Sensor Wohnzimmer');
  await signIn(page, server.appUrl);

  await double.setOnline(TRV, false);
  await expect
    .poll(async () => (await openAlarms(server!.origin)).map((each) => [each.kind, each.device]), {
      timeout: 30_000,
    })
    .toEqual([['device-offline', TRV]]);

  // The Alarme page names the device and what it is, in its room.
  await page.goto(`${server.appUrl}alarms`);
  const table = page.getByRole('table', { name: 'Alarme, unquittierte zuerst' });
  const row = table.getByRole('row').filter({ hasText: 'Thermostat nicht erreichbar' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Gerät: TRV Wohnzimmer');
  await expect(row.getByRole('link', { name: 'Wohnzimmer' })).toBeVisible();
  await expect(row).not.toContainText('null');
  await expectNoA11yViolations(page);

  // The room page marks it with the device's name.
  await page.goto(`${server.appUrl}room-control/smart/room/1`);
  await expect(
    page.getByRole('link', { name: /^Alarm: Thermostat nicht erreichbar: TRV Wohnzimmer seit/ }),
  ).toBeVisible();

  // On a phone, dark: the card says which device.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto(`${server.appUrl}alarms`);
  const card = page.getByTestId('alarm').filter({ hasText: 'Thermostat nicht erreichbar' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('alarm-device')).toHaveText(TRV);
  await expectNoA11yViolations(page);

  // Back online: the alarm clears.
  await double.setOnline(TRV, true);
  await expect.poll(() => openAlarms(server!.origin), { timeout: 15_000 }).toEqual([]);
});
