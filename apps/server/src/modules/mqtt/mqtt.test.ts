import mqtt from 'mqtt';
import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { loadConfig, type MqttConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { startChildServer } from '../../test-support/spawn-server.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import {
  AQARA_WSDCGQ11LM,
  BOSCH_BTH_RM230Z,
  DANFOSS_ALLY,
  TUYA_TS0601_TRV,
} from '../../test-support/zigbee2mqtt-devices.js';
import { createMqttService, type MqttService } from './service.js';
import { eventually } from '../../test-support/eventually.js';

const USER = 'raumregler';
const PASSWORD = 'Geheim-Broker-7f3a';

/** Polls until `check` holds (it throws until then); the last failure otherwise. */

const silent = { info: () => {}, warn: () => {}, debug: () => {} };

function mqttConfig(url: string, overrides: Partial<MqttConfig> = {}): MqttConfig {
  return { ...loadConfig({ MQTT_URL: url }).mqtt!, ...overrides };
}

let broker: Broker;
const cleanups: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  broker = await startMosquitto({ users: { [USER]: PASSWORD } });
});
afterAll(async () => {
  await broker.stop();
});
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

let baseCount = 0;
/** A fresh base topic per test: the broker keeps retained messages between tests. */
const freshBase = () => `z2m-test-${++baseCount}`;

async function startDouble(base: string, availability: 'json' | 'legacy' | 'none' = 'json') {
  const double = await Zigbee2mqttDouble.start({
    url: broker.url,
    base,
    availability,
    devices: [
      { name: 'TRV Wohnzimmer', model: DANFOSS_ALLY },
      { name: 'Bad/Heizkörper, links', model: TUYA_TS0601_TRV },
      { name: 'Sensor Wohnzimmer', model: AQARA_WSDCGQ11LM },
      { name: 'Wandthermostat Flur', model: BOSCH_BTH_RM230Z },
    ],
  });
  cleanups.push(() => double.stop());
  return double;
}

function startService(base: string, backoff = { initialMs: 100, maxMs: 400 }): MqttService {
  const service = createMqttService({
    config: mqttConfig(broker.url, { z2mBaseTopic: base }),
    houseId: 1,
    log: silent,
    now: Date.now,
    backoff,
  });
  cleanups.push(() => service.close());
  return service;
}

/** Another client on the broker, which records what arrives on the topics it subscribes. */
async function watcher(topic: string) {
  const client = await mqtt.connectAsync(broker.url, { reconnectPeriod: 100 });
  cleanups.push(() => client.endAsync(true));
  const seen: string[] = [];
  client.on('message', (_topic, payload) => seen.push(payload.toString()));
  await client.subscribeAsync(topic, { qos: 1 });
  return seen;
}

describe('the device registry on a real broker', () => {
  it('learns the devices from the retained bridge/devices, with names holding slashes and commas', async () => {
    const base = freshBase();
    await startDouble(base);
    const service = startService(base);
    await eventually(() => {
      expect(service.registry!.reports().map((report) => report.device.name)).toEqual([
        'Bad/Heizkörper, links',
        'Sensor Wohnzimmer',
        'TRV Wohnzimmer',
        'Wandthermostat Flur',
      ]);
    });
    const tuya = service.registry!.report('Bad/Heizkörper, links')!;
    expect(tuya.device.setpoint?.property).toBe('current_heating_setpoint');
    // Its retained state and availability arrived too, though its name has a slash.
    await eventually(() => {
      expect(service.registry!.report('Bad/Heizkörper, links')).toMatchObject({
        state: { current_heating_setpoint: 20, position: 0 },
        availability: 'online',
      });
    });
    expect(service.status()).toMatchObject({
      broker: { connected: true },
      zigbee2mqtt: { baseTopic: base, bridge: 'online', devices: 4 },
      discovery: { enabled: true, prefix: 'homeassistant' },
    });
  });

  it('a room’s values follow the state messages, and an offline sensor gives way to the thermostat', async () => {
    const base = freshBase();
    const double = await startDouble(base);
    const service = startService(base);
    const room = ['TRV Wohnzimmer', 'Sensor Wohnzimmer'];
    await eventually(() => {
      expect(service.registry!.roomValues(room)).toMatchObject({
        temperature: 21.3,
        humidity: 48.2,
      });
    });
    await double.report('Sensor Wohnzimmer', { temperature: 19.8, humidity: 55, battery: 9 });
    await double.report('TRV Wohnzimmer', { local_temperature: 22.4, pi_heating_demand: 65 });
    await eventually(() => {
      expect(service.registry!.roomValues(room)).toEqual({
        temperature: 19.8,
        humidity: 55,
        valve: 65,
        battery: 9,
        offline: [],
      });
    });
    await double.setOnline('Sensor Wohnzimmer', false);
    await eventually(() => {
      expect(service.registry!.roomValues(room)).toMatchObject({
        temperature: 22.4,
        humidity: null,
        offline: ['Sensor Wohnzimmer'],
      });
    });
    await double.setOnline('Sensor Wohnzimmer', true);
    await eventually(() => expect(service.registry!.roomValues(room).temperature).toBe(19.8));
  });

  it('reads the legacy plain availability of older zigbee2mqtt versions', async () => {
    const base = freshBase();
    const double = await startDouble(base, 'legacy');
    const service = startService(base);
    await eventually(() =>
      expect(service.registry!.availabilityOf('TRV Wohnzimmer')).toBe('online'),
    );
    await double.setOnline('TRV Wohnzimmer', false);
    await eventually(() =>
      expect(service.registry!.availabilityOf('TRV Wohnzimmer')).toBe('offline'),
    );
  });

  it('the double answers a /set as the device would, or drops it', async () => {
    const base = freshBase();
    const double = await startDouble(base);
    const service = startService(base);
    await eventually(() => expect(service.connection.connected).toBe(true));
    await service.connection.publish(
      `${base}/TRV Wohnzimmer/set`,
      '{"occupied_heating_setpoint":22.5}',
    );
    await double.waitForCommand(
      'TRV Wohnzimmer',
      (payload) => payload.occupied_heating_setpoint === 22.5,
    );
    await eventually(() =>
      expect(service.registry!.report('TRV Wohnzimmer')!.state.occupied_heating_setpoint).toBe(
        22.5,
      ),
    );
    double.confirmSets('TRV Wohnzimmer', false);
    await service.connection.publish(
      `${base}/TRV Wohnzimmer/set`,
      '{"occupied_heating_setpoint":18}',
    );
    await double.waitForCommand(
      'TRV Wohnzimmer',
      (payload) => payload.occupied_heating_setpoint === 18,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(service.registry!.report('TRV Wohnzimmer')!.state.occupied_heating_setpoint).toBe(22.5);
  });
});

describe('the zigbee2mqtt double', () => {
  it('warms a room towards a raised setpoint and opens the valve while it does', async () => {
    const base = freshBase();
    const double = await startDouble(base);
    const service = startService(base);
    await eventually(() =>
      expect(service.registry!.report('TRV Wohnzimmer')?.lastReportAt).not.toBeNull(),
    );
    await service.connection.publish(`${base}/TRV Wohnzimmer/set/occupied_heating_setpoint`, '24');
    await eventually(() =>
      expect(double.state('TRV Wohnzimmer').occupied_heating_setpoint).toBe(24),
    );
    await double.advance(10);
    const warmer = double.state('TRV Wohnzimmer');
    expect(warmer.local_temperature).toBeGreaterThan(20.5);
    expect(warmer.local_temperature).toBeLessThan(24);
    expect(warmer.pi_heating_demand).toBeGreaterThan(0);
    await eventually(() =>
      expect(service.registry!.roomValues(['TRV Wohnzimmer'])).toMatchObject({
        temperature: warmer.local_temperature,
        valve: warmer.pi_heating_demand,
      }),
    );
  });
});

describe('the connection', () => {
  it('announces itself online, reconnects after the broker restarts, and reads on', async () => {
    const base = freshBase();
    const service = startService(base);
    let connects = 0;
    service.onConnected(() => connects++);
    await eventually(() => expect(connects).toBe(1));
    expect(service.connection.connected).toBe(true);
    await broker.kill();
    await eventually(() => expect(service.connection.connected).toBe(false));
    const downSince = service.connection.since;
    await new Promise((resolve) => setTimeout(resolve, 600));
    await broker.start();
    // The broker lost every retained message (no persistence): the status comes from us again.
    const status = await watcher('raumregler/1/status');
    await eventually(() => expect(connects).toBe(2));
    expect(service.connection.connected).toBe(true);
    expect(service.connection.since).toBeGreaterThan(downSince);
    await eventually(() => expect(status).toContain('online'));
    // And it subscribed again: a zigbee2mqtt starting now is read.
    await startDouble(base);
    await eventually(() => expect(service.registry!.reports()).toHaveLength(4));
  });

  it('with Z2M_BASE_TOPIC empty serves Home Assistant only: connected, no zigbee2mqtt', async () => {
    const base = freshBase();
    await startDouble(base);
    const service = createMqttService({
      config: mqttConfig(broker.url, { z2mBaseTopic: null }),
      houseId: 1,
      log: silent,
      now: Date.now,
    });
    cleanups.push(() => service.close());
    await eventually(() => expect(service.connection.connected).toBe(true));
    expect(service.registry).toBeNull();
    expect(service.status().zigbee2mqtt).toBeNull();
  });

  it('says offline on the status topic when it closes', async () => {
    const service = startService(freshBase());
    await eventually(() => expect(service.connection.connected).toBe(true));
    const status = await watcher('raumregler/1/status');
    await eventually(() => expect(status.at(-1)).toBe('online'));
    await service.close();
    await eventually(() => expect(status.at(-1)).toBe('offline'));
  });

  it('the broker publishes our last will when the server process dies', async () => {
    const child = await startChildServer({
      entry: 'src',
      env: { MQTT_URL: broker.url, HOUSE_ID: '7', Z2M_BASE_TOPIC: freshBase(), LOG_LEVEL: 'warn' },
    });
    cleanups.push(() => child.stop());
    const status = await watcher('raumregler/7/status');
    await eventually(() => expect(status.at(-1)).toBe('online'), 15_000);
    await child.kill();
    // No goodbye from a killed process: the broker says it for us once the socket closes.
    await eventually(() => expect(status.at(-1)).toBe('offline'), 15_000);
  }, 60_000);
});

describe('the broker’s password', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  async function serverLogging(url: string) {
    const lines: string[] = [];
    server = await startTestServer({
      config: { logLevel: 'debug', mqtt: mqttConfig(url, { z2mBaseTopic: freshBase() }) },
      logStream: { write: (line) => void lines.push(line) },
    });
    return lines;
  }

  it('never reaches the log at debug level, connected or refused', async () => {
    const lines = await serverLogging(broker.url);
    await eventually(() => expect(server!.app.mqtt!.connection.connected).toBe(true));
    await server!.close();
    server = undefined;
    const refused = await serverLogging(broker.urlWith(USER, 'Falsches-Passwort-99'));
    await eventually(() => expect(refused.join('')).toMatch(/Not authorized|Bad user/i));
    const log = [...lines, ...refused].join('');
    expect(log).toContain(`mqtt://${USER}:***@127.0.0.1:${broker.port}`);
    expect(log).not.toContain(PASSWORD);
    expect(log).not.toContain('Falsches-Passwort-99');
  });
});
