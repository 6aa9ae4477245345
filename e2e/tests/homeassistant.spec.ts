import mqtt, { type MqttClient } from 'mqtt';
import { expectNoA11yViolations } from '../support/a11y';
import { expect, test as base } from '../support/fixtures';
import {
  HA_CLIMATE_KEYS,
  HA_DEVICE_KEYS,
  ISSUE_CLIMATE_KEYS,
  startMosquitto,
  type Broker,
} from '../support/mqtt';
import { dial, signInAndOpen } from '../support/rooms';

// Issue 36, item 5: the built server with MQTT_URL announces every room to Home Assistant, and
// a command on a room's temperature_command_topic changes the room as the app shows it.
const test = base.extend<{ watcher: Watcher }, { broker: Broker }>({
  broker: [
    async ({}, use) => {
      const broker = await startMosquitto();
      await use(broker);
      await broker.stop();
    },
    { scope: 'worker' },
  ],
  serverEnv: async ({ broker }, use) => {
    await use({ MQTT_URL: broker.url, HA_USER: 'demo' });
  },
  watcher: async ({ broker }, use) => {
    const watcher = await watch(broker.url);
    await use(watcher);
    await watcher.client.endAsync(true);
  },
});

interface Watcher {
  client: MqttClient;
  last: Map<string, string>;
}

/** Home Assistant's side: the last payload of each topic of ours and of the discovery prefix. */
async function watch(url: string): Promise<Watcher> {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const last = new Map<string, string>();
  client.on('message', (topic, payload) => last.set(topic, payload.toString('utf8')));
  await client.subscribeAsync(['homeassistant/#', 'raumregler/1/#'], { qos: 1 });
  return { client, last };
}

const configs = (watcher: Watcher) =>
  [...watcher.last]
    .filter(([topic, payload]) => /^homeassistant\/climate\/[^/]+\/config$/.test(topic) && payload)
    .map(([topic, payload]) => ({ topic, body: JSON.parse(payload) as Record<string, unknown> }));

test('every room appears in Home Assistant with its documented climate keys', async ({
  server,
  watcher,
}) => {
  // The demo building's seven rooms, each at homeassistant/climate/raumregler_1_<id>/config.
  await expect.poll(() => configs(watcher).length, { timeout: 15_000 }).toBe(7);
  for (const { topic, body } of configs(watcher)) {
    const id = Number(/raumregler_1_(\d+)\/config$/.exec(topic)![1]);
    for (const key of ISSUE_CLIMATE_KEYS) expect(body, `${topic}: ${key}`).toHaveProperty(key);
    for (const key of Object.keys(body)) expect(HA_CLIMATE_KEYS.has(key), key).toBe(true);
    for (const key of Object.keys(body.device as object)) {
      expect(HA_DEVICE_KEYS.has(key), key).toBe(true);
    }
    expect(body).toMatchObject({
      unique_id: `raumregler_1_${id}`,
      temperature_command_topic: `raumregler/1/room/${id}/target/set`,
      availability_topic: 'raumregler/1/status',
      temp_step: 0.5,
    });
    expect(body.modes).toContain('heat');
    expect(body.modes).toContain('off');
  }
  expect(watcher.last.get('raumregler/1/status')).toBe('online');
  expect(watcher.last.get('raumregler/1/room/1/mode')).toBe('heat');
  expect(server.output()).not.toContain('Error');
});

test("a command on a room's temperature_command_topic changes the room in the app", async ({
  page,
  watcher,
}) => {
  // The room page re-reads its room every 30 s: room for that beside sign-in and axe.
  test.setTimeout(90_000);
  await expect
    .poll(() => watcher.last.get('raumregler/1/room/1/target'), { timeout: 15_000 })
    .toBeDefined();
  await signInAndOpen(page, 'room-control/smart/room/1');
  const slider = dial(page, 'Wohnzimmer');
  await expect(page.getByText('Nach Zeitplan', { exact: true })).toBeVisible();
  const start = Number(await slider.getAttribute('aria-valuenow'));
  const wanted = start >= 25 ? start - 2 : start + 2;
  const config = configs(watcher).find(({ topic }) => topic.includes('raumregler_1_1/'))!;
  await watcher.client.publishAsync(
    config.body.temperature_command_topic as string,
    String(wanted),
    {
      qos: 1,
    },
  );
  // The open room page shows Home Assistant's target as a temporary one, without a reload: it
  // re-reads its room every 30 s (use-fresh-temps.ts).
  await expect(slider).toHaveAttribute('aria-valuenow', String(wanted), { timeout: 40_000 });
  await expect(page.getByRole('heading', { name: 'Vorübergehende Temperatur' })).toBeVisible();
  // And Home Assistant hears the room's new target.
  await expect.poll(() => watcher.last.get('raumregler/1/room/1/target')).toBe(String(wanted));
  await expectNoA11yViolations(page, 'room page after a Home Assistant command');
  // The Protokoll names Home Assistant as the source, with HA_USER as the user.
  await page.goto('audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
  await expect(page.getByText('Home Assistant', { exact: true }).first()).toBeVisible();
});
