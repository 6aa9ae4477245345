import type { AuditEntry, Floor } from '@raumregler/contract';
import { setRoomDevices } from '../../test-support/building.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import {
  berlin,
  demoSeed,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { demo, writesTo } from '../../test-support/writes.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import {
  AQARA_WSDCGQ11LM,
  DANFOSS_ALLY,
  TUYA_TS0601_TRV,
  type DeviceModel,
} from '../../test-support/zigbee2mqtt-devices.js';
import { eventually } from '../../test-support/eventually.js';

/**
 * MQTT mode end to end on a real mosquitto with the zigbee2mqtt double: the rooms fed from
 * their devices, the thermostats driven with the rooms' targets, a knob turned by hand.
 */

const TRV = 'TRV Wohnzimmer';
const SENSOR = 'Sensor Wohnzimmer';
const TUYA = 'Küche/Heizkörper, links';
const COARSE = 'TRV Arbeitszimmer';
const LIVING = 1;
const KITCHEN = 2;
const STUDY = 3;
const WC = 4;

/** A Danfoss whose setpoint runs 8–28 in whole degrees: rounding and clamping show. */
const COARSE_MODEL: DeviceModel = JSON.parse(
  JSON.stringify(DANFOSS_ALLY).replace(
    '"value_min":5,"value_max":35,"value_step":0.5',
    '"value_min":8,"value_max":28,"value_step":1',
  ),
) as DeviceModel;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Real time moving on from a Berlin wall time, shifted by hand (the schedule's switches). */
function shiftedClock(local: string) {
  let offset = berlin(local) - Date.now();
  return { now: () => Date.now() + offset, advance: (ms: number) => (offset += ms) };
}

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

/** The double, then our server in MQTT mode on Monday 21:59:50 (Wohnzimmer 21 °C until 22:00). */
async function setUp(trvState: Record<string, unknown> = {}) {
  const base = `z2m-driver-${++bases}`;
  const double = await Zigbee2mqttDouble.start({
    url: broker.url,
    base,
    devices: [
      { name: TRV, model: DANFOSS_ALLY, state: trvState },
      { name: SENSOR, model: AQARA_WSDCGQ11LM },
      { name: TUYA, model: TUYA_TS0601_TRV },
      { name: COARSE, model: COARSE_MODEL },
    ],
  });
  cleanups.push(() => double.stop());
  const seed = demoSeed();
  const rooms = seed.floors.flatMap((floor) => floor.rooms);
  rooms.find((room) => room.id === LIVING)!.devices = [TRV, SENSOR];
  rooms.find((room) => room.id === KITCHEN)!.devices = [TUYA];
  rooms.find((room) => room.id === STUDY)!.devices = [COARSE];
  const clock = shiftedClock('2026-11-23T21:59:50');
  const config = loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: base });
  const server: TestServer = await startTestServer({
    seed,
    now: clock.now,
    config: { mqtt: config.mqtt },
  });
  cleanups.push(() => server.close());
  // At start every thermostat gets its room's target.
  await double.waitForCommand(TRV, (p) => p.occupied_heating_setpoint === 21);
  await double.waitForCommand(COARSE, (p) => p.occupied_heating_setpoint === 17);
  await double.waitForCommand(TUYA, (p) => p.current_heating_setpoint === 17);
  const writes = writesTo(() => server);
  const driver = server.app.mqtt!.driver!;
  return { base, double, server, clock, writes, driver };
}

const countTo = (double: Zigbee2mqttDouble, name: string) =>
  double.commands.filter((command) => command.name === name).length;

async function temps(server: TestServer) {
  const response = await server.request('/get/json/v1/1/temps/', { auth: demo });
  return ((await response.json()) as Floor[]).flatMap((floor) => floor.raeume);
}

describe('MQTT mode', () => {
  it('says so in the app-config and feeds the rooms from their devices; a room without shows no sensor', async () => {
    const { server, double } = await setUp();
    const config = (await (await server.request('/api/app-config')).json()) as {
      deviceMode: string;
    };
    expect(config.deviceMode).toBe('mqtt');
    await eventually(async () => {
      const rooms = await temps(server);
      const living = rooms.find((room) => room.id === LIVING)!;
      // The sensor's temperature wins over the thermostat's local_temperature.
      expect(living.temperatur).toBe(21.3);
      expect(living.luftfeuchte).toBe(48);
      expect(rooms.find((room) => room.id === KITCHEN)!.temperatur).toBe(19.5);
      const wc = rooms.find((room) => room.id === WC)!;
      expect(wc.temperatur).toBeNull();
      expect(wc.sensoren).toEqual([]);
    });
    await double.report(SENSOR, { temperature: 19.8 });
    await eventually(async () => {
      const living = (await temps(server)).find((room) => room.id === LIVING)!;
      expect(living.temperatur).toBe(19.8);
    }, 3_000);
    // The history records the devices' values (and none for the room without devices), and
    // invents no past: no backfill, though HISTORY_BACKFILL_DAYS is 7.
    expect(server.app.config.historyBackfillDays).toBe(7);
    await server.app.historyOf(server.app.houses.own()).startBackfill();
    expect(server.app.historyOf(server.app.houses.own()).backfillStatus()).toBe('none');
    await server.app.historyOf(server.app.houses.own()).tick();
    const now = server.app.clock.now();
    const [sample] = (
      await server.app.historyOf(server.app.houses.own()).query(LIVING, now - 120_000, now + 60_000)
    ).samples;
    expect(sample).toMatchObject({ temperature: 19.8, target: 21, humidity: 48 });
    const [none] = (
      await server.app.historyOf(server.app.houses.own()).query(WC, now - 120_000, now + 60_000)
    ).samples;
    expect(none).toMatchObject({ temperature: null, humidity: null });
  });

  it('sends a write within a second, in each device’s property, rounded to its step and within its range', async () => {
    const { double, writes } = await setUp();
    let since = Date.now();
    expect((await writes.urlencoded(`ziel/${LIVING}`, { ziel: '22,3' })).status).toBe(200);
    const danfoss = await double.waitForCommand(TRV, (p) => p.occupied_heating_setpoint !== 21, {
      since,
    });
    expect(danfoss.payload).toEqual({ occupied_heating_setpoint: 22.5, system_mode: 'heat' });
    expect(danfoss.at - since).toBeLessThan(1_000);

    since = Date.now();
    expect((await writes.urlencoded(`ziel/${KITCHEN}`, { ziel: '21' })).status).toBe(200);
    const tuya = await double.waitForCommand(TUYA, () => true, { since });
    expect(tuya.payload).toEqual({ current_heating_setpoint: 21, system_mode: 'heat' });
    expect(tuya.at - since).toBeLessThan(1_000);

    since = Date.now();
    expect((await writes.urlencoded(`ziel/${STUDY}`, { ziel: '29,5' })).status).toBe(200);
    const clamped = await double.waitForCommand(COARSE, () => true, { since });
    expect(clamped.payload).toEqual({ occupied_heating_setpoint: 28, system_mode: 'heat' });
    expect(clamped.at - since).toBeLessThan(1_000);
    since = Date.now();
    expect((await writes.urlencoded(`ziel/${STUDY}`, { ziel: '21,4' })).status).toBe(200);
    const rounded = await double.waitForCommand(COARSE, (p) => p.occupied_heating_setpoint !== 28, {
      since,
    });
    expect(rounded.payload.occupied_heating_setpoint).toBe(21);

    // A room switched off: off where the device offers it, else the lowest setpoint.
    since = Date.now();
    await writes.urlencoded(`rooms/${KITCHEN}/`, { action: 'betriebsart', value: 'off' });
    const off = await double.waitForCommand(TUYA, (p) => p.system_mode !== 'heat', { since });
    expect(off.payload).toEqual({ current_heating_setpoint: 21, system_mode: 'off' });
    await writes.urlencoded(`rooms/${LIVING}/`, { action: 'betriebsart', value: 'off' });
    const lowest = await double.waitForCommand(TRV, (p) => p.system_mode !== 'heat', { since });
    expect(lowest.payload).toEqual({ occupied_heating_setpoint: 5 });
  });

  it('sends a schedule’s switch, and never an unchanged value again', async () => {
    const { double, clock, driver } = await setUp();
    await eventually(() => expect(driver.unconfirmed()).toEqual([]));
    const before = countTo(double, TRV);
    for (let i = 0; i < 5; i++) driver.evaluate();
    await sleep(1_500);
    expect(countTo(double, TRV)).toBe(before);
    expect(countTo(double, TUYA)).toBe(1);
    // 22:00: the Wohnzimmer's programme goes to 18 °C.
    clock.advance(15_000);
    const since = Date.now();
    driver.evaluate();
    const command = await double.waitForCommand(TRV, () => true, { since });
    expect(command.payload).toEqual({ occupied_heating_setpoint: 18, system_mode: 'heat' });
    driver.evaluate();
    await sleep(300);
    expect(countTo(double, TRV)).toBe(before + 1);
  });

  it('sends a thermostat given to another room that room’s target at once', async () => {
    const { double, server } = await setUp();
    const since = Date.now();
    await setRoomDevices(server.app, { [STUDY]: [], [WC]: [COARSE] });
    // The Gäste-WC has no programme: its 19 °C (the start's 17 may carry the same millisecond
    // as `since`, so the command is picked by its value).
    const command = await double.waitForCommand(COARSE, (p) => p.occupied_heating_setpoint === 19, {
      since,
    });
    expect(command.payload).toEqual({ occupied_heating_setpoint: 19, system_mode: 'heat' });
    expect(command.at - since).toBeLessThan(1_000);
  });

  it('overwrites what a thermostat reports before our first command: no knob', async () => {
    const { server, double } = await setUp({ occupied_heating_setpoint: 17 });
    await eventually(() => expect(double.state(TRV).occupied_heating_setpoint).toBe(21));
    await sleep(500);
    const living = (await temps(server)).find((room) => room.id === LIVING)!;
    expect(living.is_temporary_mode).toBe(false);
    expect(living.solltemperatur).toBe(21);
  });

  it('accepts a write while the broker is away and sends it when it returns', async () => {
    const { double, writes, server } = await setUp();
    await broker.kill();
    await eventually(() => expect(server.app.mqtt!.connection.connected).toBe(false));
    expect((await writes.urlencoded(`ziel/${LIVING}`, { ziel: '23' })).status).toBe(200);
    const since = Date.now();
    await broker.start();
    const command = await double.waitForCommand(TRV, (p) => p.occupied_heating_setpoint === 23, {
      since,
      timeoutMs: 15_000,
    });
    expect(command.payload.system_mode).toBe('heat');
    // After our reconnect every thermostat is sent its target, unchanged ones too.
    await double.waitForCommand(TUYA, (p) => p.current_heating_setpoint === 17, { since });
  }, 30_000);

  it('sends again to a device back online, and when its report disagrees', async () => {
    const { double, clock, driver, writes } = await setUp();
    await eventually(() => expect(driver.unconfirmed()).toEqual([]));
    await double.setOnline(TRV, false);
    await sleep(200);
    let since = Date.now();
    await double.setOnline(TRV, true);
    const again = await double.waitForCommand(TRV, () => true, { since });
    expect(again.payload).toEqual({ occupied_heating_setpoint: 21, system_mode: 'heat' });

    // A thermostat that drops the command: unconfirmed, and sent again on its next report.
    double.confirmSets(TUYA, false);
    const before = clock.now();
    since = Date.now();
    expect((await writes.urlencoded(`ziel/${KITCHEN}`, { ziel: '22' })).status).toBe(200);
    await double.waitForCommand(TUYA, (p) => p.current_heating_setpoint === 22, { since });
    await eventually(() =>
      expect(driver.unconfirmed()).toEqual([
        { device: TUYA, roomId: KITCHEN, setpoint: 22, since: expect.any(Number) },
      ]),
    );
    const pending = driver.unconfirmed()[0]!;
    expect(pending.since).toBeGreaterThanOrEqual(before);
    clock.advance(30_000);
    since = Date.now();
    await double.report(TUYA, { local_temperature: 19.6 });
    const resent = await double.waitForCommand(TUYA, () => true, { since });
    expect(resent.payload).toEqual({ current_heating_setpoint: 22, system_mode: 'heat' });
    // Still waiting since the first command of that value.
    // (22:00 passed meanwhile: the Wohnzimmer's 18 °C went out too.)
    expect(driver.unconfirmed().filter((entry) => entry.device === TUYA)).toEqual([pending]);
    double.confirmSets(TUYA, true);
    clock.advance(30_000);
    await double.report(TUYA, { local_temperature: 19.7 });
    await double.waitForCommand(TUYA, () => true, { since: Date.now() - 50 });
    await eventually(() => expect(driver.unconfirmed()).toEqual([]));
  });

  it('takes a knob turned by hand as a temporary target within the room’s limits, audited as the device', async () => {
    const { double, clock, driver, server } = await setUp();
    await eventually(() => expect(driver.unconfirmed()).toEqual([]));
    await server.app
      .roomCommandsOf(server.app.houses.own())
      .setLimits(LIVING, { min: 18, max: 23 }, { kind: 'system', name: 'test', source: 'system' });
    clock.advance(2_000);
    await sleep(500);
    const tuyaBefore = countTo(double, TUYA);
    // Turned to 22 by hand: the room's temporary target, nothing sent back to it.
    clock.advance(30_000);
    let since = Date.now();
    await double.report(TRV, { occupied_heating_setpoint: 22 });
    await eventually(async () => {
      const living = (await temps(server)).find((room) => room.id === LIVING)!;
      expect(living.is_temporary_mode).toBe(true);
      expect(living.solltemperatur).toBe(22);
      expect(living.remaining_time).toBeGreaterThan(59 * 60);
    });
    await sleep(500);
    expect(double.commands.filter((c) => c.name === TRV && c.at >= since)).toEqual([]);
    expect(countTo(double, TUYA)).toBe(tuyaBefore);
    // Turned to 26: beyond the limit, so 23, which goes back to the thermostat.
    clock.advance(30_000);
    since = Date.now();
    await double.report(TRV, { occupied_heating_setpoint: 26 });
    const back = await double.waitForCommand(TRV, () => true, { since });
    expect(back.payload).toEqual({ occupied_heating_setpoint: 23, system_mode: 'heat' });
    const living = (await temps(server)).find((room) => room.id === LIVING)!;
    expect(living.solltemperatur).toBe(23);
    const audit = (await (
      await server.request(`/api/audit/?room=${LIVING}`, { auth: demo })
    ).json()) as { entries: AuditEntry[] };
    const byDevice = audit.entries.filter((entry) => entry.source === 'device');
    expect(byDevice.map((entry) => [entry.user, entry.action])).toEqual([
      [TRV, 'ziel'],
      [TRV, 'ziel'],
    ]);
  });
});
