import { expectNoA11yViolations } from '../support/a11y';
import { demoBuilding } from '../support/device';
import { expect, test as base } from '../support/fixtures';
import { DEVICE_MODELS, startMosquitto, Zigbee2mqttDouble, type Broker } from '../support/mqtt';
import { dial, signInAndOpen } from '../support/rooms';
import { startServer } from '../support/server';

/**
 * Issue 36, MQTT mode: the real built server, a real mosquitto and the zigbee2mqtt double. The
 * Wohnzimmer has one Danfoss thermostat and no sensor: the room shows the thermostat's
 * temperature, a knob turned by hand becomes the room's temporary target, and the dial's
 * change reaches the thermostat's `/set` topic.
 */
const TRV = 'TRV Wohnzimmer';

const test = base.extend<{ rig: { broker: Broker; double: Zigbee2mqttDouble } }>({
  rig: async ({}, use) => {
    const broker = await startMosquitto();
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      devices: [
        { name: TRV, model: DEVICE_MODELS.DANFOSS_ALLY, state: { local_temperature: 19.7 } },
      ],
    });
    await use({ broker, double });
    await double.stop();
    await broker.stop();
  },
  // The built server in MQTT mode, with the Wohnzimmer's thermostat in its seed.
  server: async ({ rig }, use) => {
    const seed = structuredClone(demoBuilding) as unknown as {
      floors: { rooms: { id: number; devices?: string[] }[] }[];
    };
    seed.floors[0]!.rooms.find((room) => room.id === 1)!.devices = [TRV];
    const server = await startServer({ seed, env: { MQTT_URL: rig.broker.url } });
    await use(server);
    await server.stop();
  },
});

test('real thermostats: the room shows the thermostat, a knob by hand is temporary, the dial reaches /set', async ({
  page,
  rig,
}) => {
  test.setTimeout(120_000);
  const { double } = rig;
  // At start the thermostat gets the room's target, and confirms it.
  const first = await double.waitForCommand(TRV, () => true, { timeoutMs: 20_000 });
  const start = first.payload.occupied_heating_setpoint as number;
  await expect.poll(() => double.state(TRV).occupied_heating_setpoint).toBe(start);

  await signInAndOpen(page, 'room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  await expect(slider).toHaveAttribute('aria-valuenow', String(start));
  // No sensor in the room: the thermostat's own temperature.
  await expect(page.getByText('Aktuell 19,7 °C')).toBeVisible();
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible();
  await expectNoA11yViolations(page, 'room page in MQTT mode');

  // Someone turns the knob on the radiator (our own command has long been confirmed).
  const knob = start >= 28 ? start - 2 : start + 2;
  await expect.poll(() => Date.now() - first.at, { timeout: 10_000 }).toBeGreaterThan(6_000);
  await double.report(TRV, { occupied_heating_setpoint: knob });
  // The page refreshes its rooms every 30 s.
  await expect(page.getByRole('heading', { name: 'Vorübergehende Temperatur' })).toBeVisible({
    timeout: 40_000,
  });
  await expect(slider).toHaveAttribute('aria-valuenow', String(knob));
  await expect(page.getByText(/^Bis \d{1,2}:\d{2}/)).toBeVisible();
  await expect(page.getByTestId('countdown')).toHaveText(/^0[01]h \d{2}m \d{2}s$/);

  // The dial's change goes to the thermostat, in its own property, within a second or so.
  const since = Date.now();
  await slider.focus();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByText('Gespeichert')).toBeVisible();
  const sent = await double.waitForCommand(
    TRV,
    (payload) => payload.occupied_heating_setpoint === knob + 0.5,
    {
      since,
      timeoutMs: 5_000,
    },
  );
  expect(sent.payload).toEqual({ occupied_heating_setpoint: knob + 0.5, system_mode: 'heat' });

  // The Protokoll names the thermostat, from the device; the dial's change from the app.
  await page.goto('audit');
  const table = page.getByRole('table', { name: 'Änderungen, die neuesten zuerst' });
  const knobRow = table.getByRole('row').nth(2);
  await expect(knobRow).toContainText(`${TRV} setzte`);
  await expect(knobRow.getByRole('cell').last()).toHaveText('Gerät');
  await expect(table.getByRole('row').nth(1).getByRole('cell').last()).toHaveText('App');
});
