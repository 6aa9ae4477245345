import type { DeviceList } from '@raumregler/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/commands.js';
import { loadConfig } from '../../config.js';
import { eventually } from '../../test-support/eventually.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import { startTestNodes, type TestServer } from '../../test-support/test-server.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import { DANFOSS_ALLY } from '../../test-support/zigbee2mqtt-devices.js';

/**
 * Issue 37: an MQTT building on two nodes of one PostgreSQL. Every node knows its devices (the
 * devices page answers on any node); only the node holding the building's lease drives its
 * thermostats, and another takes over when that node is gone.
 */
const DEMO: [string, string] = ['demo', 'demo1234'];
const TRV = 'TRV Gruppenraum';
const BASE = 'kita-nodes/z2m';

let broker: Broker;
let double: Zigbee2mqttDouble;
let nodes: TestServer[];

beforeAll(async () => {
  broker = await startMosquitto();
  double = await Zigbee2mqttDouble.start({
    url: broker.url,
    base: BASE,
    devices: [{ name: TRV, model: DANFOSS_ALLY }],
  });
  nodes = await startTestNodes(2, {
    config: { mqtt: loadConfig({ MQTT_URL: broker.url, Z2M_BASE_TOPIC: '' }).mqtt },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(nodes.map((node) => node.close()));
  await double?.stop();
  await broker?.stop();
});

describe('an MQTT building on two nodes', () => {
  it('is known on every node, driven by the one holding its lease, and taken over when it is gone', async () => {
    const [a, b] = nodes as [TestServer, TestServer];
    const cli = (...argv: string[]) =>
      runCli(argv, a.app.store, { out: () => {}, err: () => {} }, Date.now, {
        tokenKey: () => a.app.tokenKey,
      });
    expect(
      await cli('building', 'add', '--house-id', '3', '--name', 'Kita', '--z2m-base-topic', BASE),
    ).toBe(0);
    expect(await cli('user', 'access', 'demo', '--house-id', '3', '--smart', 'full')).toBe(0);
    for (const node of nodes) {
      await eventually(async () => {
        const answer = await node.request('/api/devices/?house=3', { auth: DEMO });
        expect(answer.status).toBe(200);
        const { devices } = (await answer.json()) as DeviceList;
        expect(devices.map((device) => device.name)).toEqual([TRV]);
      }, 8_000);
    }
    const assigned = await b.request('/api/rooms/1/devices?house=3', {
      method: 'POST',
      auth: DEMO,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ devices: [TRV] }),
    });
    expect(assigned.status).toBe(200);
    // Exactly one node drives it.
    await eventually(() => {
      const driving = nodes.filter((node) => node.app.zigbeeOf(3)?.driver);
      expect(driving).toHaveLength(1);
      expect(nodes.filter((node) => node.app.background.running(3))).toEqual(driving);
    });
    const holder = nodes.find((node) => node.app.zigbeeOf(3)?.driver)!;
    const other = holder === a ? b : a;
    // A target set on the other node reaches the thermostat (the holder sees the change).
    const setOn = (node: TestServer, target: number) =>
      node.request('/set/json/v1/3/soll/1/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ user: DEMO[0], password: DEMO[1], soll: String(target) }),
      });
    expect((await setOn(other, 23.5)).status).toBe(200);
    await double.waitForCommand(TRV, (payload) => payload.occupied_heating_setpoint === 23.5);

    // The holder gone: the other node takes the building over and drives the thermostat.
    nodes.splice(nodes.indexOf(holder), 1);
    await holder.close();
    await eventually(() => expect(other.app.zigbeeOf(3)?.driver).toBeTruthy(), 15_000);
    expect((await setOn(other, 19)).status).toBe(200);
    await double.waitForCommand(TRV, (payload) => payload.occupied_heating_setpoint === 19);
  });
});
