import type { DeviceList, MqttStatus } from '@raumregler/contract';
import { setRoomDevices } from '../../test-support/building.js';
import { DeviceListSchema, MqttStatusSchema } from '@raumregler/contract/schemas';
import { Value } from 'typebox/value';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import {
  AQARA_WSDCGQ11LM,
  BOSCH_BTH_RM230Z,
  DANFOSS_ALLY,
  TUYA_TS0601_TRV,
} from '../../test-support/zigbee2mqtt-devices.js';
import { eventually } from '../../test-support/eventually.js';

const DEMO: [string, string] = ['demo', 'demo1234'];
const RESIDENT: [string, string] = ['bewohner', 'bewohner1234'];
const TECHNICIAN: [string, string] = ['techniker', 'techniker1234'];

let broker: Broker;
let double: Zigbee2mqttDouble | undefined;
let server: TestServer | undefined;

beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.stop();
});
afterEach(async () => {
  await server?.close();
  await double?.stop();
  server = undefined;
  double = undefined;
});

let bases = 0;

async function start(mqtt = true) {
  const base = `routes-${++bases}`;
  if (mqtt) {
    double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [
        { name: 'TRV Wohnzimmer', model: DANFOSS_ALLY },
        { name: 'Bad/Heizkörper, links', model: TUYA_TS0601_TRV, online: false },
        { name: 'Sensor Wohnzimmer', model: AQARA_WSDCGQ11LM },
        { name: 'Wandthermostat Flur', model: BOSCH_BTH_RM230Z },
      ],
    });
  }
  server = await startTestServer({
    config: mqtt ? { mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: base }).mqtt } : {},
  });
  await setRoomDevices(server.app, {
    1: ['TRV Wohnzimmer', 'Sensor Wohnzimmer', 'Tippfehler'],
    7: ['Bad/Heizkörper, links'],
  });
  return base;
}

describe('GET /api/mqtt/status', () => {
  it('says the broker is connected, zigbee2mqtt online with its devices, discovery on', async () => {
    const base = await start();
    await eventually(async () => {
      const answer = await server!.request('/api/mqtt/status', { auth: RESIDENT });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as MqttStatus;
      expect(Value.Check(MqttStatusSchema, body)).toBe(true);
      expect(body).toMatchObject({
        enabled: true,
        broker: { connected: true },
        zigbee2mqtt: { base_topic: base, bridge: 'online', devices: 4 },
        discovery: { enabled: true, prefix: 'homeassistant' },
      });
      expect(body.broker!.since).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    });
    // zigbee2mqtt stops: its bridge state says so.
    await double!.stop();
    double = undefined;
    await eventually(async () => {
      const answer = await server!.request('/api/mqtt/status', { auth: RESIDENT });
      const body = (await answer.json()) as MqttStatus;
      expect(body.zigbee2mqtt!.bridge).toBe('offline');
    });
  });

  it('says MQTT is off without MQTT_URL, and needs a sign-in', async () => {
    await start(false);
    const answer = await server!.request('/api/mqtt/status', { auth: RESIDENT });
    expect(await answer.json()).toEqual({
      enabled: false,
      broker: null,
      zigbee2mqtt: null,
      discovery: null,
    });
    expect((await server!.request('/api/mqtt/status')).status).toBe(401);
  });
});

describe('GET /api/devices/', () => {
  it('lists every device with its room, model, availability and last values, and names rooms list that zigbee2mqtt lacks', async () => {
    await start();
    await double!.report('Sensor Wohnzimmer', { temperature: 20.7, battery: 64 });
    await eventually(async () => {
      const answer = await server!.request('/api/devices/', { auth: DEMO });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as DeviceList;
      expect(Value.Check(DeviceListSchema, body)).toBe(true);
      expect(body.devices.map((device) => device.name)).toEqual([
        'Bad/Heizkörper, links',
        'Sensor Wohnzimmer',
        'Tippfehler',
        'TRV Wohnzimmer',
        'Wandthermostat Flur',
      ]);
      const [tuya, sensor, typo, danfoss, wall] = body.devices;
      expect(tuya).toMatchObject({
        kind: 'thermostat',
        model: 'TS0601_thermostat',
        vendor: 'Tuya',
        room: { id: 7, name: 'Bad OG' },
        availability: 'offline',
        last_seen: null,
      });
      expect(sensor).toMatchObject({
        kind: 'sensor',
        model: 'WSDCGQ11LM',
        power: 'battery',
        room: { id: 1, name: 'Wohnzimmer' },
        availability: 'online',
        temperature: 20.7,
        battery: 64,
        linkquality: 78,
        setpoint: null,
      });
      expect(sensor!.last_seen).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(typo).toMatchObject({ known: false, kind: 'unknown', room: { id: 1 }, model: null });
      // MQTT mode drives it: its setpoint is the Wohnzimmer's target as our server sent it.
      const sent = server!.app.mqtt!.driver!.commanded('TRV Wohnzimmer');
      expect(sent).not.toBeNull();
      expect(danfoss).toMatchObject({
        kind: 'thermostat',
        model: '014G2461',
        temperature: 20.5,
        setpoint: sent!.setpoint,
        battery: 90,
      });
      expect(wall).toMatchObject({ power: 'mains', room: null, setpoint: 21, battery: null });
    });
  });

  it('is for building-wide managers only', async () => {
    await start(false);
    expect((await server!.request('/api/devices/', { auth: RESIDENT })).status).toBe(403);
    expect((await server!.request('/api/devices/')).status).toBe(401);
    // The technician manages the pro area of the whole building: a manager.
    const answer = await server!.request('/api/devices/', { auth: TECHNICIAN });
    expect(answer.status).toBe(200);
    // Without MQTT only the names rooms list, none known.
    const body = (await answer.json()) as DeviceList;
    expect(body.devices.every((device) => !device.known)).toBe(true);
    expect(body.devices).toHaveLength(4);
  });
});
