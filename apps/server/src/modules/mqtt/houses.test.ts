import type { Alarm, DeviceList, Floor, MqttStatus } from '@raumregler/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { loadConfig, type Config } from '../../config.js';
import { eventually } from '../../test-support/eventually.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { manualClock, startTestServer } from '../../test-support/test-server.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import { AQARA_WSDCGQ11LM, DANFOSS_ALLY } from '../../test-support/zigbee2mqtt-devices.js';

/**
 * Issue 37: MQTT mode for every building. A building added with `--z2m-base-topic` has its own
 * zigbee2mqtt devices under that topic on the server's one broker: its devices page, its rooms
 * fed from them and its thermostats driven, next to a simulated own building that stays as it is.
 */

const DEMO: [string, string] = ['demo', 'demo1234'];
const TRV = 'TRV Gruppenraum';
const SENSOR = 'Sensor Flur';
const ROOM = 1;

let broker: Broker;
beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.stop();
});
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!().catch(() => {});
});

let bases = 0;

async function serve(config: Partial<Config>, now?: () => number) {
  const server = await startTestServer({ config, now });
  cleanups.push(() => server.close());
  const cli = (...argv: string[]) =>
    runCli(argv, server.app.store, { out: () => {}, err: () => {} }, Date.now, {
      tokenKey: () => server.app.tokenKey,
    });
  const get = async <T>(path: string) => {
    const response = await server.request(path, { auth: DEMO });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  };
  const rooms = async (house: number) =>
    (await get<Floor[]>(`/get/json/v1/${house}/temps/`)).flatMap((floor) => floor.raeume);
  const room = async (house: number, id: number) => (await rooms(house)).find((r) => r.id === id)!;
  /** Adds building 3 "Kita" with its devices under `base`, the demo user its manager. */
  const addKita = async (base: string) => {
    expect(
      await cli('building', 'add', '--house-id', '3', '--name', 'Kita', '--z2m-base-topic', base),
    ).toBe(0);
    expect(await cli('user', 'access', 'demo', '--house-id', '3', '--smart', 'full')).toBe(0);
    // A running server serves a building added by the CLI within 5 s.
    await eventually(async () => {
      expect((await server.request('/get/json/v1/3/temps/', { auth: DEMO })).status).toBe(200);
    }, 6_000);
  };
  const assign = (house: number, roomId: number, devices: string[]) =>
    server.request(`/api/rooms/${roomId}/devices?house=${house}`, {
      method: 'POST',
      auth: DEMO,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ devices }),
    });
  return { server, cli, get, rooms, room, addKita, assign };
}

describe('MQTT mode per building', () => {
  it('drives a building added with --z2m-base-topic from its own devices, the simulated own building untouched, until it is removed', async () => {
    const base = `kita-${++bases}/z2m`;
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [
        { name: TRV, model: DANFOSS_ALLY, state: { local_temperature: 18.5 } },
        { name: SENSOR, model: AQARA_WSDCGQ11LM },
      ],
    });
    cleanups.push(() => double.stop());
    // The own building simulated: MQTT_URL for Home Assistant only (Z2M_BASE_TOPIC empty).
    const { server, cli, get, rooms, room, addKita, assign } = await serve({
      mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: '' }).mqtt,
    });
    const ownBefore = await rooms(1);
    await addKita(base);

    // Building 3's devices page lists its zigbee2mqtt devices; building 1's none.
    await eventually(async () => {
      const { devices } = await get<DeviceList>('/api/devices/?house=3');
      expect(devices.map((device) => [device.name, device.kind])).toEqual([
        [SENSOR, 'sensor'],
        [TRV, 'thermostat'],
      ]);
    });
    expect((await get<DeviceList>('/api/devices/?house=1')).devices).toEqual([]);
    const status = async (house: number) => get<MqttStatus>(`/api/mqtt/status?house=${house}`);
    expect(await status(3)).toMatchObject({
      enabled: true,
      broker: { connected: true },
      zigbee2mqtt: { base_topic: base, bridge: 'online', devices: 2 },
    });
    expect((await status(1)).zigbee2mqtt).toBeNull();
    const mode = async (house: number) =>
      (await get<{ deviceMode: string }>(`/api/app-config?house=${house}`)).deviceMode;
    expect([await mode(1), await mode(3)]).toEqual(['simulation', 'mqtt']);

    // Its rooms are fed from their devices: none assigned yet, so no sensor (not simulated).
    await eventually(async () => expect((await room(3, ROOM)).temperatur).toBeNull());
    // Assigning the thermostat to room 1 of building 3 feeds that room's temperature.
    const assigned = await assign(3, ROOM, [TRV]);
    expect(assigned.status).toBe(200);
    expect(await assigned.json()).toMatchObject({
      room: { id: ROOM, devices: [TRV] },
      changed: [{ name: TRV, room: { id: ROOM } }],
    });
    await eventually(async () => expect((await room(3, ROOM)).temperatur).toBe(18.5), 5_000);
    await double.report(TRV, { local_temperature: 19.7 });
    await eventually(async () => expect((await room(3, ROOM)).temperatur).toBe(19.7), 5_000);

    // A target set on that room reaches the thermostat on <base>/<name>/set.
    const target = (await room(3, ROOM)).solltemperatur === 23 ? 22.5 : 23;
    const set = await server.request(`/set/json/v1/3/soll/${ROOM}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: String(target) }),
    });
    expect(set.status).toBe(200);
    await double.waitForCommand(TRV, (payload) => payload.occupied_heating_setpoint === target);
    expect(double.state(TRV).occupied_heating_setpoint).toBe(target);

    // Building 1: its rooms as the simulation keeps them, no devices, its targets its own.
    const ownAfter = await rooms(1);
    expect(ownAfter.map((r) => [r.id, r.temperatur, r.solltemperatur])).toEqual(
      ownBefore.map((r) => [r.id, r.temperatur, r.solltemperatur]),
    );
    expect(server.app.houses.own().roomDevices.all().size).toBe(0);
    expect((await get<DeviceList>('/api/devices/?house=1')).devices).toEqual([]);
    // The thermostat, back online after a drop-out, is sent its target again while driven...
    const sent = () => double.commands.filter((command) => command.name === TRV).length;
    let before = sent();
    await double.setOnline(TRV, false);
    await double.setOnline(TRV, true);
    await eventually(() => expect(sent()).toBeGreaterThan(before), 5_000);

    // ...and no more once building 3 is removed: its devices are gone with it.
    expect(await cli('building', 'remove', '--house-id', '3', '--yes')).toBe(0);
    await eventually(() => {
      expect(server.app.houses.get(3)).toBeUndefined();
      expect(server.app.zigbeeOf(3)).toBeNull();
      expect(server.app.background.running(3)).toBe(false);
    }, 6_000);
    before = sent();
    await double.setOnline(TRV, false);
    await double.setOnline(TRV, true);
    await double.report(TRV, { occupied_heating_setpoint: 12 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(sent()).toBe(before);
    expect((await server.request('/api/devices/?house=3', { auth: DEMO })).status).toBe(404);
  });

  it('two MQTT buildings on one broker each see only their own devices and drive only their own thermostats', async () => {
    const own = `own-${++bases}/z2m`;
    const kita = `kita-${bases}/z2m`;
    const ownDouble = await Zigbee2mqttDouble.start({
      url: broker.url,
      base: own,
      devices: [{ name: TRV, model: DANFOSS_ALLY }],
    });
    cleanups.push(() => ownDouble.stop());
    const kitaDouble = await Zigbee2mqttDouble.start({
      url: broker.url,
      base: kita,
      devices: [{ name: TRV, model: DANFOSS_ALLY, state: { local_temperature: 17 } }],
    });
    cleanups.push(() => kitaDouble.stop());
    const { server, get, room, addKita, assign } = await serve({
      mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: own }).mqtt,
    });
    await addKita(kita);
    // The same friendly name in both: each building's is its own.
    expect((await assign(3, ROOM, [TRV])).status).toBe(200);
    await eventually(async () => expect((await room(3, ROOM)).temperatur).toBe(17), 5_000);
    expect((await room(1, ROOM)).temperatur).toBeNull();
    const ownSent = ownDouble.commands.length;
    const target = (await room(3, ROOM)).solltemperatur === 24 ? 23.5 : 24;
    const set = await server.request(`/set/json/v1/3/soll/${ROOM}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: String(target) }),
    });
    expect(set.status).toBe(200);
    await kitaDouble.waitForCommand(TRV, (payload) => payload.occupied_heating_setpoint === target);
    expect(ownDouble.commands.length).toBe(ownSent);
    // The own building's devices page shows its thermostat unassigned; building 3's assigned.
    const ownList = await get<DeviceList>('/api/devices/');
    expect(ownList.devices.map((device) => [device.name, device.room])).toEqual([[TRV, null]]);
    const kitaList = await get<DeviceList>('/api/devices/?house=3');
    expect(kitaList.devices.map((device) => [device.name, device.room?.id])).toEqual([[TRV, ROOM]]);
    expect((await get<MqttStatus>('/api/mqtt/status')).zigbee2mqtt?.base_topic).toBe(own);
  });

  it('raises a device alarm of building 3’s thermostat in building 3 only', async () => {
    const base = `kita-${++bases}/z2m`;
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [{ name: TRV, model: DANFOSS_ALLY }],
    });
    cleanups.push(() => double.stop());
    const clock = manualClock('2026-11-27T07:40');
    const { server, get, addKita, assign } = await serve(
      { mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: '' }).mqtt },
      clock.now,
    );
    await addKita(base);
    expect((await assign(3, ROOM, [TRV])).status).toBe(200);
    const zigbee = server.app.zigbeeOf(3)!;
    await eventually(() => expect(zigbee.registry.availabilityOf(TRV)).toBe('online'));
    await double.setOnline(TRV, false);
    await eventually(() => expect(zigbee.registry.availabilityOf(TRV)).toBe('offline'));
    // ALARM_DEVICE_MINUTES (5) later.
    clock.advance(5.1 * 60_000);
    const kita = server.app.houses.get(3)!;
    await server.app.alarmsOf(kita).evaluateDevices(clock.now());
    await server.app.alarmsOf(kita).settled();
    const open = async (house: number) =>
      (await get<{ alarms: Alarm[] }>(`/api/alarms/?state=open&house=${house}`)).alarms;
    expect(await open(3)).toMatchObject([{ kind: 'device-offline', device: TRV, room: ROOM }]);
    expect(await open(1)).toEqual([]);
  });

  it('counts the alarms of an MQTT building in real time though the server simulates faster', async () => {
    const clock = manualClock('2026-11-27T07:40');
    const { server, cli, get, addKita } = await serve({ simSpeed: 60 }, clock.now);
    await addKita(`kita-${++bases}/z2m`);
    expect(await cli('building', 'add', '--house-id', '2', '--name', 'Simuliert')).toBe(0);
    expect(await cli('user', 'access', 'demo', '--house-id', '2', '--smart', 'full')).toBe(0);
    await eventually(() => expect(server.app.houses.get(2)).toBeDefined(), 6_000);
    // A sensor last heard 2 minutes ago: 2 real minutes, 2 simulated hours at SIM_SPEED 60.
    const heard = clock.now();
    clock.advance(2 * 60_000);
    const reading = {
      roomId: ROOM,
      mode: 'Heating',
      temperature: 20,
      target: 20,
      reportedAt: heard,
    };
    const open = async (house: number) => {
      const service = server.app.alarmsOf(server.app.houses.get(house)!);
      await service.evaluate([reading], clock.now());
      await service.settled();
      return (await get<{ alarms: Alarm[] }>(`/api/alarms/?state=open&house=${house}`)).alarms;
    };
    // ALARM_SILENT_MINUTES (30): silent in the simulated building, not in the real one.
    expect((await open(2)).map((alarm) => alarm.kind)).toEqual(['sensor-silent']);
    expect(await open(3)).toEqual([]);
  });

  it('without MQTT_URL an MQTT building has no broker: its devices page says so, its rooms show no sensor', async () => {
    const { server, get, room, addKita, assign } = await serve({ simSpeed: 1 });
    await addKita(`kita-${++bases}/z2m`);
    expect(await get<MqttStatus>('/api/mqtt/status?house=3')).toEqual({
      enabled: false,
      broker: null,
      zigbee2mqtt: null,
      discovery: null,
    });
    // Rooms are not simulated: no device has reported, so no values.
    await eventually(async () => expect((await room(3, ROOM)).temperatur).toBeNull(), 5_000);
    expect((await room(1, ROOM)).temperatur).not.toBeNull();
    // Devices may be assigned; they are unknown until a server with a broker serves the building.
    expect((await assign(3, ROOM, [TRV])).status).toBe(200);
    const { devices } = await get<DeviceList>('/api/devices/?house=3');
    expect(devices).toMatchObject([{ name: TRV, known: false, room: { id: ROOM } }]);
    expect(server.app.zigbeeOf(3)?.driver ?? null).toBeNull();
  });
});
