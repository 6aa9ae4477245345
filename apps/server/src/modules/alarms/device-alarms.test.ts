import type { Alarm } from '@raumregler/contract';
import { setRoomDevices } from '../../test-support/building.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { manualClock, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { Zigbee2mqttDouble, type DoubleDeviceInit } from '../../test-support/zigbee2mqtt-double.js';
import { AQARA_WSDCGQ11LM, DANFOSS_ALLY } from '../../test-support/zigbee2mqtt-devices.js';
import { alarmMail } from './mail.js';
import { writesTo } from '../../test-support/writes.js';
import { eventually } from '../../test-support/eventually.js';

const MINUTE = 60_000;
const DEMO: [string, string] = ['demo', 'demo1234'];
const TRV = 'TRV Wohnzimmer';
const SENSOR = 'Sensor Wohnzimmer';

let broker: Broker;
let double: Zigbee2mqttDouble | undefined;
let server: TestServer | undefined;
let bases = 0;

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

/**
 * The double with a Danfoss thermostat and an Aqara sensor, the demo building's Wohnzimmer (room
 * 1) holding both, and a server on a manual clock (ALARM_DEVICE_MINUTES 5, the default).
 */
async function start(
  devices: DoubleDeviceInit[] = [
    { name: TRV, model: DANFOSS_ALLY },
    { name: SENSOR, model: AQARA_WSDCGQ11LM },
  ],
  availability: 'json' | 'none' = 'json',
) {
  const base = `device-alarms-${++bases}`;
  double = await Zigbee2mqttDouble.start({ url: broker.url, base, devices, availability });
  const clock = manualClock('2026-11-27T07:40');
  server = await startTestServer({
    config: { mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: base }).mqtt },
    now: clock.now,
  });
  const app = server.app;
  await setRoomDevices(app, { 1: devices.map((device) => device.name) });
  await eventually(() => expect(app.mqtt?.registry?.devicesAt).not.toBeNull());
  return {
    app,
    clock,
    evaluate: () => app.alarmsOf(app.houses.own()).evaluateDevices(clock.now()),
  };
}

async function openAlarms(): Promise<Alarm[]> {
  const answer = await server!.request('/api/alarms/?state=open', { auth: DEMO });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { alarms: Alarm[] }).alarms;
}

describe('device alarms over MQTT (issue 36)', () => {
  it('a thermostat offline for ALARM_DEVICE_MINUTES raises device-offline naming it, mailed; back online clears it', async () => {
    const { app, clock, evaluate } = await start();
    await eventually(() => expect(app.mqtt!.registry!.availabilityOf(TRV)).toBe('online'));
    // The start's command confirmed first: one dropped while offline would be unconfirmed later.
    await eventually(() => expect(app.mqtt!.driver!.commanded(TRV)).not.toBeNull());
    await eventually(() => expect(app.mqtt!.driver!.unconfirmed()).toEqual([]));
    await double!.setOnline(TRV, false);
    await eventually(() => expect(app.mqtt!.registry!.availabilityOf(TRV)).toBe('offline'));
    clock.advance(4.9 * MINUTE);
    await evaluate();
    expect(await openAlarms()).toEqual([]);
    clock.advance(0.2 * MINUTE);
    // Twice at once: the second sees the first's alarm, decided but not stored yet.
    await Promise.all([evaluate(), evaluate()]);
    const [alarm, ...others] = await openAlarms();
    expect(others).toEqual([]);
    expect(alarm).toMatchObject({
      kind: 'device-offline',
      device: TRV,
      device_kind: 'thermostat',
      room: 1,
      room_name: 'Wohnzimmer',
      floor: 'EG',
      state: 'active',
      since: '2026-11-27T07:40:00+01:00',
    });
    // Mailed like the others: recorded for the managers of the room, with the device's name.
    const record = (await app.alarmsOf(app.houses.own()).repo.findById(alarm!.id))!;
    expect(
      (await app.alarmsOf(app.houses.own()).repo.mailsOf(alarm!.id)).map((mail) => mail.recipient),
    ).toContain('demo@example.com');
    const mail = alarmMail(record, 'demo@example.com', 'de', app.clock.local, 'https://haus');
    expect(mail.subject).toBe('Alarm: Wohnzimmer (EG) Thermostat nicht erreichbar: TRV Wohnzimmer');
    expect(mail.text).toContain('Gerät: TRV Wohnzimmer');
    expect(alarmMail(record, 'x@example.com', 'en', app.clock.local, 'https://haus').subject).toBe(
      'Alarm: Wohnzimmer (EG) Thermostat unreachable: TRV Wohnzimmer',
    );

    await double!.setOnline(TRV, true);
    await eventually(async () => expect(await openAlarms()).toEqual([]));
    expect((await app.alarmsOf(app.houses.own()).repo.findById(alarm!.id))!.state).toBe('cleared');
  });

  it('names a sensor a sensor, and counts one offline device once however often evaluated', async () => {
    const { app, clock, evaluate } = await start();
    await eventually(() => expect(app.mqtt!.registry!.availabilityOf(SENSOR)).toBe('online'));
    await double!.setOnline(SENSOR, false);
    await eventually(() => expect(app.mqtt!.registry!.availabilityOf(SENSOR)).toBe('offline'));
    for (let minute = 0; minute < 20; minute++) {
      clock.advance(MINUTE);
      await evaluate();
    }
    expect((await openAlarms()).map((each) => [each.kind, each.device, each.device_kind])).toEqual([
      ['device-offline', SENSOR, 'sensor'],
    ]);
    // Opened once also in the database: a second open of the device's kind finds the first.
    const first = (await openAlarms())[0]!.id;
    const again = await app.commit((tx) =>
      app.alarmsOf(app.houses.own()).repo.open(
        tx,
        {
          roomId: 1,
          roomName: 'Wohnzimmer',
          floorName: 'EG',
          floorId: 1,
          kind: 'device-offline',
          device: SENSOR,
          deviceKind: 'sensor',
          since: clock.now(),
          openedAt: clock.now(),
          value: null,
          target: null,
        },
        [{ recipient: 'x@example.com', language: 'de', digest: false, dueAt: clock.now() }],
      ),
    );
    expect(again).toEqual({ id: first, opened: false });
    expect((await openAlarms()).map((each) => each.id)).toEqual([first]);
    expect(
      (await app.alarmsOf(app.houses.own()).repo.mailsOf(first)).map((mail) => mail.recipient),
    ).not.toContain('x@example.com');
  });

  it('battery 12 % raises battery-low with the percent, 17 % keeps it, 40 % clears it', async () => {
    const { app } = await start();
    await eventually(() => expect(app.mqtt!.registry!.report(SENSOR)?.state.battery).toBe(87));
    expect(await openAlarms()).toEqual([]);
    await double!.report(SENSOR, { battery: 12 });
    await eventually(async () =>
      expect(await openAlarms()).toMatchObject([
        { kind: 'battery-low', device: SENSOR, device_kind: 'sensor', value: 12, room: 1 },
      ]),
    );
    const id = (await openAlarms())[0]!.id;
    const record = (await app.alarmsOf(app.houses.own()).repo.findById(id))!;
    expect(alarmMail(record, 'x@example.com', 'de', app.clock.local, 'https://haus').subject).toBe(
      'Alarm: Wohnzimmer (EG) Batterie schwach (12 %): Sensor Wohnzimmer',
    );
    await double!.report(SENSOR, { battery: 17 });
    await eventually(() => expect(app.mqtt!.registry!.report(SENSOR)?.state.battery).toBe(17));
    expect((await openAlarms()).map((each) => each.id)).toEqual([id]);
    await double!.report(SENSOR, { battery: 40 });
    await eventually(async () => expect(await openAlarms()).toEqual([]));
  });

  it('a setpoint the thermostat does not confirm raises device-unconfirmed after 2 minutes, not before, and clears when it reports it', async () => {
    const { app, clock, evaluate } = await start();
    // The start's command confirmed: nothing waits.
    await eventually(() => expect(app.mqtt!.driver!.unconfirmed()).toEqual([]));
    // The thermostat stops taking commands; a new target goes out and is not confirmed.
    double!.confirmSets(TRV, false);
    const writes = writesTo(() => server!);
    expect((await writes.urlencoded('ziel/1', { ziel: '22.5', duration: '60' })).status).toBe(200);
    await eventually(() =>
      expect(app.mqtt!.driver!.unconfirmed()).toMatchObject([{ device: TRV, setpoint: 22.5 }]),
    );
    clock.advance(1.9 * MINUTE);
    await evaluate();
    expect(await openAlarms()).toEqual([]);
    clock.advance(0.1 * MINUTE);
    await evaluate();
    expect(await openAlarms()).toMatchObject([
      {
        kind: 'device-unconfirmed',
        device: TRV,
        device_kind: 'thermostat',
        target: 22.5,
        since: '2026-11-27T07:40:00+01:00',
      },
    ]);
    // It reports the setpoint at last: confirmed, the alarm clears.
    await double!.report(TRV, { occupied_heating_setpoint: 22.5 });
    await eventually(() => expect(app.mqtt!.driver!.unconfirmed()).toEqual([]));
    await evaluate();
    expect(await openAlarms()).toEqual([]);
  });

  it('no alarm at start for a device offline or not heard since before it; the offline one after ALARM_DEVICE_MINUTES from the start', async () => {
    const { app, clock, evaluate } = await start([
      { name: TRV, model: DANFOSS_ALLY, online: false },
      { name: SENSOR, model: AQARA_WSDCGQ11LM },
    ]);
    await eventually(() => expect(app.mqtt!.registry!.availabilityOf(TRV)).toBe('offline'));
    await evaluate();
    clock.advance(4.9 * MINUTE);
    await evaluate();
    expect(await openAlarms()).toEqual([]);
    clock.advance(0.1 * MINUTE);
    await evaluate();
    expect(await openAlarms()).toMatchObject([
      { kind: 'device-offline', device: TRV, since: '2026-11-27T07:40:00+01:00' },
    ]);
  });

  it('a battery thermostat never heard (availability off) raises nothing, however long', async () => {
    const { app, clock, evaluate } = await start(
      [
        { name: TRV, model: DANFOSS_ALLY, online: false },
        { name: SENSOR, model: AQARA_WSDCGQ11LM },
      ],
      'none',
    );
    await eventually(() => expect(app.mqtt!.registry!.report(SENSOR)?.lastReportAt).not.toBeNull());
    for (let minute = 0; minute < 120; minute += 10) {
      clock.advance(10 * MINUTE);
      await evaluate();
    }
    expect(app.mqtt!.registry!.availabilityOf(TRV)).toBeNull();
    // Never offline; the command it never confirmed is reported as such (the driver's own).
    expect((await openAlarms()).map((alarm) => alarm.kind)).toEqual(['device-unconfirmed']);
  });

  it('a device taken out of its room takes its open alarms with it', async () => {
    const { app } = await start();
    await double!.report(TRV, { battery: 5 });
    await eventually(async () =>
      expect((await openAlarms()).map((each) => each.kind)).toEqual(['battery-low']),
    );
    await setRoomDevices(app, { 1: [SENSOR] });
    await double!.report(TRV, { battery: 5, local_temperature: 19 });
    await eventually(async () => expect(await openAlarms()).toEqual([]));
  });

  it('raumregler_device_up follows a device’s availability', async () => {
    const { app } = await start();
    const up = async () => {
      const answer = await server!.request('/metrics', { auth: DEMO });
      const text = await answer.text();
      return /raumregler_device_up\{device="TRV Wohnzimmer"\} (\d)/.exec(text)?.[1];
    };
    await eventually(async () => expect(await up()).toBe('1'));
    await double!.setOnline(TRV, false);
    await eventually(async () => expect(await up()).toBe('0'));
    expect(app.mqtt!.registry!.availabilityOf(TRV)).toBe('offline');
  });
});
