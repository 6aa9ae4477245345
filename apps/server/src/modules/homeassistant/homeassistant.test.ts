import type { AuditResponse } from '@raumregler/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';
import { startMosquitto, type Broker } from '../../test-support/mosquitto.js';
import {
  HAUSMEISTER,
  MIETER,
  SCHLAFZIMMER,
  scopedSeed,
  WOHNZIMMER,
} from '../../test-support/scoped-building.js';
import { HA_ACTIONS, HA_CLIMATE_KEYS, HA_DEVICE_KEYS } from '../../test-support/home-assistant.js';
import { Zigbee2mqttDouble } from '../../test-support/zigbee2mqtt-double.js';
import { AQARA_WSDCGQ11LM, DANFOSS_ALLY } from '../../test-support/zigbee2mqtt-devices.js';
import {
  demoSeed,
  manualClock,
  startTestServer,
  type TestServer,
} from '../../test-support/test-server.js';
import { eventually } from '../../test-support/eventually.js';
import { runCli } from '../../cli/commands.js';

/** A client that keeps the last payload of every topic it sees (retained ones on subscribe). */
async function watch(url: string, filters: string[]) {
  const client: MqttClient = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const last = new Map<string, string>();
  const seen: { topic: string; payload: string }[] = [];
  client.on('message', (topic, payload) => {
    last.set(topic, payload.toString('utf8'));
    seen.push({ topic, payload: payload.toString('utf8') });
  });
  await client.subscribeAsync(filters, { qos: 1 });
  return { client, last, seen };
}
type Watcher = Awaited<ReturnType<typeof watch>>;

const DEMO: [string, string] = ['demo', 'demo1234'];

let broker: Broker;
let server: TestServer | undefined;
let watcher: Watcher | undefined;
let device: FastifyInstance | undefined;
const logs: string[] = [];
let houses = 100;

beforeAll(async () => {
  broker = await startMosquitto();
});
afterAll(async () => {
  await broker.stop();
});
afterEach(async () => {
  await watcher?.client.endAsync(true);
  await server?.close();
  await device?.close();
  server = undefined;
  watcher = undefined;
  device = undefined;
  logs.length = 0;
});

/** A simulated building on the broker, with its own house id (so topics never mix). */
async function start({
  haUser,
  seed = scopedSeed(),
  now,
  env = {},
}: {
  haUser?: string;
  seed?: ReturnType<typeof demoSeed>;
  now?: () => number;
  env?: Record<string, string>;
} = {}) {
  const house = ++houses;
  const prefix = `ha${house}`;
  seed.building.houseId = house;
  server = await startTestServer({
    seed,
    now,
    config: {
      houseId: house,
      logLevel: 'info',
      mqtt: loadConfig({
        MQTT_URL: broker.url,
        Z2M_BASE_TOPIC: '',
        HA_DISCOVERY_PREFIX: prefix,
        ...(haUser ? { HA_USER: haUser } : {}),
        ...env,
      }).mqtt,
    },
    logStream: { write: (line) => logs.push(line) },
  });
  watcher = await watch(broker.url, [`${prefix}/#`, `raumregler/${house}/#`]);
  return { house, prefix };
}

const roomTopic = (house: number, room: number) => `raumregler/${house}/room/${room}`;
const config = (prefix: string, house: number, room: number) =>
  JSON.parse(
    watcher!.last.get(`${prefix}/climate/raumregler_${house}_${room}/config`) ?? 'null',
  ) as Record<string, unknown> | null;

async function tempsRoom(house: number, room: number) {
  const answer = await server!.request(`/get/json/v1/${house}/temps/`, { auth: DEMO });
  const floors = (await answer.json()) as { raeume: Record<string, unknown>[] }[];
  return floors.flatMap((floor) => floor.raeume).find((each) => each.id === room)!;
}

async function auditOf(house: number, room: number) {
  const answer = await server!.request(`/api/audit/?room=${room}`, { auth: DEMO });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as AuditResponse).entries;
}

const publish = (topic: string, payload: string, retain = false) =>
  watcher!.client.publishAsync(topic, payload, { qos: 1, retain });

describe('Home Assistant discovery', () => {
  it('announces every room as a climate entity with Home Assistant documented keys, retained', async () => {
    const { house, prefix } = await start();
    const rooms = server!.app.houses.own().building.listRooms();
    expect(rooms.length).toBe(7);
    await eventually(() => {
      for (const room of rooms) expect(config(prefix, house, room.id)).not.toBeNull();
    });
    for (const room of rooms) {
      const body = config(prefix, house, room.id)!;
      const base = roomTopic(house, room.id);
      for (const key of Object.keys(body)) expect(HA_CLIMATE_KEYS, key).toContain(key);
      for (const key of Object.keys(body.device as object)) {
        expect(HA_DEVICE_KEYS, key).toContain(key);
      }
      expect(body).toMatchObject({
        name: room.name,
        unique_id: `raumregler_${house}_${room.id}`,
        device: {
          identifiers: [`raumregler_${house}`],
          manufacturer: 'Raumregler',
          name: expect.any(String),
          model: expect.any(String),
        },
        modes: ['heat', 'off'],
        current_temperature_topic: `${base}/current_temperature`,
        current_humidity_topic: `${base}/current_humidity`,
        temperature_state_topic: `${base}/target`,
        temperature_command_topic: `${base}/target/set`,
        mode_state_topic: `${base}/mode`,
        mode_command_topic: `${base}/mode/set`,
        action_topic: `${base}/action`,
        temp_step: 0.5,
        availability_topic: `raumregler/${house}/status`,
      });
      // The room's limits (issue 34) where it has them, else 5–30 °C.
      const [min, max] = room.id === SCHLAFZIMMER ? [16, 23] : [5, 30];
      expect([body.min_temp, body.max_temp]).toEqual([min, max]);
    }
    // The states, plain text, as the app shows the room.
    const wohnzimmer = await tempsRoom(house, WOHNZIMMER);
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => {
      expect(watcher!.last.get(`${base}/target`)).toBe(String(wohnzimmer.solltemperatur));
      expect(watcher!.last.get(`${base}/mode`)).toBe('heat');
      expect(HA_ACTIONS).toContain(watcher!.last.get(`${base}/action`));
      expect(Number(watcher!.last.get(`${base}/current_temperature`))).toBeCloseTo(
        wohnzimmer.temperatur as number,
        0,
      );
    });
    expect(watcher!.last.get(`raumregler/${house}/status`)).toBe('online');

    // Retained: Home Assistant connecting later gets every config and state at once.
    const late = await watch(broker.url, [`${prefix}/climate/#`, `${base}/#`]);
    try {
      await eventually(() => {
        expect(
          [...late.last.keys()].filter((topic) => topic.startsWith(`${prefix}/climate/`)),
        ).toHaveLength(7);
        for (const name of [
          'current_temperature',
          'current_humidity',
          'target',
          'mode',
          'action',
        ]) {
          expect(late.last.get(`${base}/${name}`), name).toBeDefined();
        }
      });
    } finally {
      await late.client.endAsync(true);
    }
  });

  it('publishes states on change only, and sends everything again when Home Assistant says online', async () => {
    const { house, prefix: discovery } = await start();
    const configTopic = `${discovery}/climate/raumregler_${house}_${WOHNZIMMER}/config`;
    await eventually(() => expect(watcher!.last.get(configTopic)).toBeDefined());
    // Quiet: nothing new for the same values (the check runs every second).
    const count = watcher!.seen.filter((each) => each.topic === configTopic).length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(watcher!.seen.filter((each) => each.topic === configTopic)).toHaveLength(count);
    // Home Assistant restarted: its birth message brings every config back.
    await publish(`${discovery}/status`, 'online');
    await eventually(() =>
      expect(watcher!.seen.filter((each) => each.topic === configTopic).length).toBe(count + 1),
    );
  });

  it('after the broker comes back: everything sent again, commands still heard', async () => {
    const { house, prefix } = await start({ haUser: 'demo' });
    const topic = `${prefix}/climate/raumregler_${house}_${WOHNZIMMER}/config`;
    await eventually(() => expect(watcher!.last.get(topic)).toBeDefined());
    await watcher!.client.endAsync(true);
    // The broker keeps nothing (no persistence): what Home Assistant sees next is re-sent.
    await broker.kill();
    await broker.start();
    watcher = await watch(broker.url, [`${prefix}/#`, `raumregler/${house}/#`]);
    await eventually(() => {
      expect(config(prefix, house, WOHNZIMMER)).toMatchObject({ name: 'Wohnzimmer' });
      expect(watcher!.last.get(`${roomTopic(house, WOHNZIMMER)}/target`)).toBeDefined();
    }, 15_000);
    await publish(`${roomTopic(house, WOHNZIMMER)}/target/set`, '18.5');
    await eventually(async () =>
      expect((await tempsRoom(house, WOHNZIMMER)).solltemperatur).toBe(18.5),
    );
  });

  it('a retained config of a room the building no longer has is cleared at start', async () => {
    const house = houses + 1;
    const prefix = `ha${house}`;
    const stale = `${prefix}/climate/raumregler_${house}_999/config`;
    const early = await mqtt.connectAsync(broker.url, { reconnectPeriod: 0 });
    await early.publishAsync(stale, '{"name":"Abgerissen"}', { retain: true, qos: 1 });
    await early.endAsync();
    await start();
    await eventually(() => expect(watcher!.last.get(stale)).toBe(''));
  });
});

describe('commands from Home Assistant', () => {
  it('a temperature becomes a temporary target until the next scheduled change, audited as homeassistant', async () => {
    // Monday 10:00 in Berlin.
    const clock = manualClock('2026-11-23T10:00');
    const { house } = await start({ haUser: 'demo', now: clock.now });
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBeDefined());
    const before = await tempsRoom(house, WOHNZIMMER);
    const target = before.solltemperatur === 22.5 ? 23 : 22.5;
    await publish(`${base}/target/set`, String(target));
    await eventually(async () => {
      const room = await tempsRoom(house, WOHNZIMMER);
      expect(room.solltemperatur).toBe(target);
      expect(room.is_temporary_mode).toBe(true);
    });
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBe(String(target)));
    const [entry] = await auditOf(house, WOHNZIMMER);
    expect(entry).toMatchObject({ action: 'ziel', user: 'demo', source: 'homeassistant' });
    expect(entry!.duration_minutes).toBeGreaterThan(0);
    expect(entry!.duration_minutes).toBeLessThanOrEqual(12 * 60);
    // Until the room's next scheduled change, when one comes within 12 hours.
    const room = server!.app.houses.own().building.findRoom(WOHNZIMMER)!;
    const { next } = (await import('../building/index.js')).scheduleAt(
      server!.app.houses.own().building.scheduleOf(WOHNZIMMER),
      room.baseTarget,
      server!.app.clock.local.toWall(clock.now()),
    );
    if (next && next.dueWall - server!.app.clock.local.toWall(clock.now()) < 12 * 3_600_000) {
      expect(server!.app.clock.local.toWall(room.temporary!.until)).toBe(next.dueWall);
    } else {
      expect(room.temporary!.until).toBe(clock.now() + 12 * 3_600_000);
    }
  });

  it('lasts 12 hours in a room without a programme', async () => {
    const seed = scopedSeed();
    for (const floor of seed.floors) for (const room of floor.rooms) room.schedule = [];
    const clock = manualClock('2026-11-23T10:00');
    const { house } = await start({ haUser: 'demo', now: clock.now, seed });
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBeDefined());
    await publish(`${base}/target/set`, '19');
    await eventually(async () =>
      expect((await tempsRoom(house, WOHNZIMMER)).solltemperatur).toBe(19),
    );
    expect(server!.app.houses.own().building.findRoom(WOHNZIMMER)!.temporary!.until).toBe(
      clock.now() + 12 * 3_600_000,
    );
  });

  it('switches the mode: off, then heat again', async () => {
    const { house } = await start({ haUser: 'demo' });
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/mode`)).toBe('heat'));
    await publish(`${base}/mode/set`, 'off');
    await eventually(async () => {
      expect(String((await tempsRoom(house, WOHNZIMMER)).betriebsart).toLowerCase()).toBe('off');
      expect(watcher!.last.get(`${base}/mode`)).toBe('off');
      expect(watcher!.last.get(`${base}/action`)).toBe('off');
    });
    expect((await auditOf(house, WOHNZIMMER))[0]).toMatchObject({
      action: 'betriebsart',
      source: 'homeassistant',
    });
    // Cooling (the app's mode write): Home Assistant is offered cool, and sends it.
    await server!.app.roomCommandsOf(server!.app.houses.own()).changeMode(WOHNZIMMER, 'cooling', {
      kind: 'cli',
      source: 'cli',
    });
    await eventually(() => {
      expect(watcher!.last.get(`${base}/mode`)).toBe('cool');
      expect(config(`ha${house}`, house, WOHNZIMMER)!.modes).toEqual(['heat', 'cool', 'off']);
    });
    await publish(`${base}/mode/set`, 'off');
    await eventually(() => expect(watcher!.last.get(`${base}/mode`)).toBe('off'));
    // Off after cooling: still a cooling room.
    expect(config(`ha${house}`, house, WOHNZIMMER)!.modes).toEqual(['heat', 'cool', 'off']);
    await publish(`${base}/mode/set`, 'heat');
    await eventually(async () =>
      expect(String((await tempsRoom(house, WOHNZIMMER)).betriebsart).toLowerCase()).toBe(
        'heating',
      ),
    );
  });

  it("respects HA_USER's scope and the room's limits", async () => {
    // mieter: the Schlafzimmer only (limits 16–23 bind them: they do not manage it).
    const { house } = await start({ haUser: MIETER[0] });
    const wohnzimmer = roomTopic(house, WOHNZIMMER);
    const schlafzimmer = roomTopic(house, SCHLAFZIMMER);
    await eventually(() => expect(watcher!.last.get(`${wohnzimmer}/target`)).toBeDefined());
    const shown = watcher!.last.get(`${wohnzimmer}/target`);
    const before = await tempsRoom(house, WOHNZIMMER);
    const seen = watcher!.seen.length;
    await publish(`${wohnzimmer}/target/set`, '24');
    await eventually(() => expect(logs.join('')).toContain(`may not change this room`));
    expect((await tempsRoom(house, WOHNZIMMER)).solltemperatur).toBe(before.solltemperatur);
    // The state is said again, so Home Assistant's dial goes back to the real target.
    await eventually(() =>
      expect(
        watcher!.seen
          .slice(seen)
          .some((each) => each.topic === `${wohnzimmer}/target` && each.payload === shown),
      ).toBe(true),
    );
    // In their room: beyond the limits refused, within them taken.
    await publish(`${schlafzimmer}/target/set`, '25');
    await eventually(() => expect(logs.join('')).toContain('outside this room'));
    expect((await tempsRoom(house, SCHLAFZIMMER)).solltemperatur).not.toBe(25);
    await publish(`${schlafzimmer}/target/set`, '22');
    await eventually(async () =>
      expect((await tempsRoom(house, SCHLAFZIMMER)).solltemperatur).toBe(22),
    );
    expect((await auditOf(house, SCHLAFZIMMER))[0]).toMatchObject({
      user: MIETER[0],
      source: 'homeassistant',
    });
    expect(await auditOf(house, WOHNZIMMER)).toEqual([]);
  });

  it('a manager of the room is not bound by its limits', async () => {
    // hausmeister manages floor 1 (rooms 1–4) only.
    const { house } = await start({ haUser: HAUSMEISTER[0] });
    const base = roomTopic(house, SCHLAFZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBeDefined());
    await publish(`${base}/target/set`, '21');
    await eventually(() => expect(logs.join('')).toContain('may not change this room'));
    await publish(`${roomTopic(house, WOHNZIMMER)}/target/set`, '26');
    await eventually(async () =>
      expect((await tempsRoom(house, WOHNZIMMER)).solltemperatur).toBe(26),
    );
  });

  it('without HA_USER Home Assistant only reads: commands refused and logged', async () => {
    const { house } = await start();
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBeDefined());
    const before = await tempsRoom(house, WOHNZIMMER);
    await publish(`${base}/target/set`, '24');
    await publish(`${base}/mode/set`, 'off');
    await eventually(() => expect(logs.join('').match(/HA_USER is not set/g)).toHaveLength(2));
    const after = await tempsRoom(house, WOHNZIMMER);
    expect([after.solltemperatur, after.betriebsart]).toEqual([
      before.solltemperatur,
      before.betriebsart,
    ]);
    expect(await auditOf(house, WOHNZIMMER)).toEqual([]);
    // Logged without secrets: the broker's URL carries none here, and no password is printed.
    expect(logs.join('')).not.toContain('demo1234');
  });

  it('bad payloads are refused and logged; the room and the server carry on', async () => {
    const { house } = await start({ haUser: 'demo' });
    const base = roomTopic(house, WOHNZIMMER);
    await eventually(() => expect(watcher!.last.get(`${base}/target`)).toBeDefined());
    const before = await tempsRoom(house, WOHNZIMMER);
    for (const payload of ['abc', '', '21,5', '1e3', 'NaN', '99', '-40', '{"temperature":21}']) {
      await publish(`${base}/target/set`, payload);
    }
    for (const payload of ['auto', 'HEAT ', '', 'dry']) await publish(`${base}/mode/set`, payload);
    // A command for a room that does not exist, and a topic that is none of ours.
    await publish(`${roomTopic(house, 4242)}/target/set`, '21');
    await publish(`${roomTopic(house, WOHNZIMMER)}/foo/set`, '21');
    await eventually(() =>
      expect(logs.join('').match(/command for room \d+ refused/g)!.length).toBeGreaterThanOrEqual(
        12,
      ),
    );
    const after = await tempsRoom(house, WOHNZIMMER);
    expect([after.solltemperatur, after.betriebsart]).toEqual([
      before.solltemperatur,
      before.betriebsart,
    ]);
    expect(await auditOf(house, WOHNZIMMER)).toEqual([]);
    // Still listening: a good one after all the bad ones.
    await publish(`${base}/target/set`, '20.5');
    await eventually(async () =>
      expect((await tempsRoom(house, WOHNZIMMER)).solltemperatur).toBe(20.5),
    );
  });
});

describe('mqtt mode (the building is real)', () => {
  it("shows the devices' temperature, and a temperature from Home Assistant reaches the room's thermostat", async () => {
    const base = `z2m-ha-${houses + 1}`;
    const double = await Zigbee2mqttDouble.start({
      url: broker.url,
      base,
      devices: [
        { name: 'TRV Wohnzimmer', model: DANFOSS_ALLY },
        { name: 'Sensor Wohnzimmer', model: AQARA_WSDCGQ11LM, state: { temperature: 19.25 } },
      ],
    });
    try {
      const seed = scopedSeed();
      const living = seed.floors.flatMap((floor) => floor.rooms).find((r) => r.id === WOHNZIMMER)!;
      living.devices = ['TRV Wohnzimmer', 'Sensor Wohnzimmer'];
      const { house } = await start({ haUser: 'demo', seed, env: { Z2M_BASE_TOPIC: base } });
      const topic = roomTopic(house, WOHNZIMMER);
      // The room's temperature is its sensor's (19.25 reads 19.3, as temps/ gives it), as Home Assistant is told.
      await eventually(() =>
        expect(watcher!.last.get(`${topic}/current_temperature`)).toBe('19.3'),
      );
      await publish(`${topic}/target/set`, '23.5');
      const command = await double.waitForCommand(
        'TRV Wohnzimmer',
        (payload) => payload.occupied_heating_setpoint === 23.5,
      );
      expect(command.payload).toMatchObject({ occupied_heating_setpoint: 23.5 });
      const [entry] = await auditOf(house, WOHNZIMMER);
      expect(entry).toMatchObject({ action: 'ziel', source: 'homeassistant' });
    } finally {
      await double.stop();
    }
  });
});

describe('HA_USER at start', () => {
  it('must name an existing user', async () => {
    await expect(start({ haUser: 'niemand' })).rejects.toThrow(ConfigError);
    await expect(start({ haUser: 'niemand' })).rejects.toThrow(/HA_USER "niemand" is no user here/);
  });
});

describe('proxy mode', () => {
  it("announces the device's rooms from its poll; commands are refused", async () => {
    const house = ++houses;
    device = Fastify();
    device.get(`/get/json/v1/${house}/permissions/`, async () => ({
      access_to_smart: 'full',
      access_to_pro: 'no-access',
    }));
    let lagerListed = true;
    device.get(`/get/json/v1/${house}/temps/`, async () => [
      {
        id: 1,
        etagenname: 'EG',
        raeume: [
          {
            id: 11,
            name: 'Büro',
            temperatur: 19.5,
            solltemperatur: 21,
            betriebsart: 'Heating',
            luftfeuchte: 44,
            sensoren: [],
          },
          {
            id: 13,
            name: 'Lager',
            temperatur: null,
            solltemperatur: 18,
            betriebsart: 1,
            sensoren: [],
          },
        ].slice(0, lagerListed ? 2 : 1),
      },
    ]);
    device.get(`/get/json/v1/${house}/outs/`, async () => [{ id: 1, raeume: [] }]);
    const url = await device.listen({ port: 0, host: '127.0.0.1' });
    const prefix = `ha${house}`;
    const seed = demoSeed();
    seed.building.houseId = house;
    const clock = manualClock('2026-11-23T10:00');
    server = await startTestServer({
      seed,
      now: clock.now,
      config: {
        houseId: house,
        upstreamUrl: url,
        upstreamUser: 'reader',
        upstreamPassword: 'read-only',
        logLevel: 'info',
        mqtt: loadConfig({
          MQTT_URL: broker.url,
          Z2M_BASE_TOPIC: '',
          HA_DISCOVERY_PREFIX: prefix,
          HA_USER: 'demo',
        }).mqtt,
      },
      logStream: { write: (line) => logs.push(line) },
    });
    watcher = await watch(broker.url, [`${prefix}/#`, `raumregler/${house}/#`]);
    await server.app.upstreamOf(server.app.houses.own()).poll();
    await eventually(() => {
      expect(config(prefix, house, 11)).toMatchObject({ name: 'Büro', modes: ['heat', 'off'] });
      expect(config(prefix, house, 13)).toMatchObject({ name: 'Lager' });
    });
    const buero = roomTopic(house, 11);
    const lager = roomTopic(house, 13);
    await eventually(() => {
      expect(watcher!.last.get(`${buero}/current_temperature`)).toBe('19.5');
      expect(watcher!.last.get(`${buero}/current_humidity`)).toBe('44');
      expect(watcher!.last.get(`${buero}/target`)).toBe('21');
      expect(watcher!.last.get(`${buero}/mode`)).toBe('heat');
      expect(watcher!.last.get(`${lager}/current_temperature`)).toBe('None');
      expect(watcher!.last.get(`${lager}/mode`)).toBe('off');
      expect(watcher!.last.get(`${lager}/action`)).toBe('off');
    });
    await publish(`${buero}/target/set`, '23');
    await eventually(() =>
      expect(logs.join('')).toContain('not forwarded to the device in proxy mode'),
    );
    // The device no longer lists the Lager: its entity goes (an empty retained config).
    lagerListed = false;
    clock.advance(61_000);
    await server.app.upstreamOf(server.app.houses.own()).poll();
    await eventually(() =>
      expect(watcher!.last.get(`${prefix}/climate/raumregler_${house}_13/config`)).toBe(''),
    );
    expect(watcher!.last.get(`${lager}/target`)).toBe('');
    expect(config(prefix, house, 11)).toMatchObject({ name: 'Büro' });
  });
});

describe('Home Assistant with several buildings (issue 37)', () => {
  it('announces the rooms of a building added by the CLI under its own house id, takes its commands there, and removes them with it', async () => {
    const { house, prefix } = await start({ haUser: HAUSMEISTER[0] });
    const cli = (...argv: string[]) =>
      runCli(argv, server!.app.store, { out: () => {}, err: () => {} }, Date.now, {
        tokenKey: () => server!.app.tokenKey,
      });
    await eventually(() => expect(config(prefix, house, WOHNZIMMER)).not.toBeNull());
    const ownConfig = watcher!.last.get(
      `${prefix}/climate/raumregler_${house}_${WOHNZIMMER}/config`,
    );
    const other = ++houses;
    const kita = await watch(broker.url, [`raumregler/${other}/#`]);
    try {
      expect(
        await cli('building', 'add', '--house-id', String(other), '--name', 'Kita Sonnenschein'),
      ).toBe(0);
      for (const name of [DEMO[0], HAUSMEISTER[0]]) {
        expect(
          await cli('user', 'access', name, '--house-id', String(other), '--smart', 'full'),
        ).toBe(0);
      }
      // Its rooms: ids, device and topics carry its house id; available while the server is.
      await eventually(() => expect(config(prefix, other, 1)).not.toBeNull(), 8_000);
      const base = roomTopic(other, 1);
      expect(config(prefix, other, 1)).toMatchObject({
        unique_id: `raumregler_${other}_1`,
        device: { identifiers: [`raumregler_${other}`], name: 'Kita Sonnenschein' },
        temperature_command_topic: `${base}/target/set`,
        availability_topic: `raumregler/${house}/status`,
      });
      // The own building's entity as it was.
      expect(watcher!.last.get(`${prefix}/climate/raumregler_${house}_${WOHNZIMMER}/config`)).toBe(
        ownConfig,
      );
      // A command on its topic changes its room, not the own building's room of the same id.
      const ownTarget = (await tempsRoom(house, 1)).solltemperatur;
      const target = (await tempsRoom(other, 1)).solltemperatur === 19.5 ? 20.5 : 19.5;
      await publish(`${base}/target/set`, String(target));
      await eventually(async () => expect((await tempsRoom(other, 1)).solltemperatur).toBe(target));
      await eventually(() => expect(kita.last.get(`${base}/target`)).toBe(String(target)));
      expect((await tempsRoom(house, 1)).solltemperatur).toBe(ownTarget);

      // Removed: its entities leave Home Assistant (empty retained configs), the own ones stay.
      expect(await cli('building', 'remove', '--house-id', String(other), '--yes')).toBe(0);
      await eventually(
        () => expect(watcher!.last.get(`${prefix}/climate/raumregler_${other}_1/config`)).toBe(''),
        8_000,
      );
      await eventually(() => expect(kita.last.get(`${base}/target`)).toBe(''));
      expect(config(prefix, house, WOHNZIMMER)).not.toBeNull();
    } finally {
      await kita.client.endAsync(true);
    }
  });
});
