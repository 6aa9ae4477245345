import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { contextNow, drivesBuilding, targetInForce, type House } from '../building/index.js';
import type { Backoff } from './connection.js';
import { knobTarget } from './drive-rules.js';
import { createDriver } from './driver.js';
import { createRoomFeed } from './feed.js';
import mqttRoutes from './routes.js';
import { createMqttService, type MqttService, type Zigbee } from './service.js';
import { DeviceRegistry } from './registry.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** MQTT (issue 36); null without MQTT_URL. */
    mqtt: MqttService | null;
    /**
     * A building's zigbee2mqtt (issue 37): its registry (and driver while driven here); null
     * when it has none. Without MQTT_URL an MQTT building's registry stays empty (no broker).
     */
    zigbeeOf: (houseId: number) => Zigbee | null;
  }
}

export type { MqttDriver, UnconfirmedDevice } from './driver.js';
export { redactMqttUrl, statusTopic, type MqttConnection } from './connection.js';
export { DeviceRegistry, type RegistryChange } from './registry.js';
export {
  availabilityOf,
  deviceSetpoint,
  MAINS_SILENCE_MS,
  parseAvailability,
  roomValues,
  setpointSpec,
  type Availability,
  type DeviceReport,
  type RoomValues,
  type SetpointSpec,
  type ZigbeeDevice,
} from './rules.js';
export {
  createMqttService,
  type MqttService,
  type MqttServiceStatus,
  type Zigbee,
} from './service.js';

/** A change reaches the thermostats within this (the building's version is polled). */
export const CHANGE_POLL_MS = 250;
/** Time-driven changes (a schedule's switch, a temporary target or an absence ending). */
export const EVALUATE_MS = 20_000;

/**
 * MQTT mode (issue 36) for one building (issue 37): its rooms fed from its devices, and its
 * thermostats driven with the rooms' targets (driver.ts). Every change is seen through the
 * building's version: right after an answered write of our API, and within CHANGE_POLL_MS
 * otherwise (the CLI's commits); time-driven ones every EVALUATE_MS. The feed's own writes
 * (measured values only) do not count as changes. Without a broker (`service` null) only the
 * feed runs: the rooms show no sensor. Answers the end (the building removed).
 */
function driveBuilding(
  app: FastifyInstance,
  house: House,
  zigbee: Zigbee,
  service: MqttService | null,
  checks: Set<() => void>,
): () => Promise<void> {
  const { registry } = zigbee;
  const { building } = house;
  let version = building.version();
  const snapshot = () => {
    const context = contextNow(app);
    const scheduleOf = building.schedules();
    const absencesOf = house.absences.byRoom();
    const rooms = new Map(
      building.listRooms().map((room) => [
        room.id,
        {
          mode: room.mode,
          target: targetInForce(room, scheduleOf(room.id), context, absencesOf(room.id)),
        },
      ]),
    );
    return { rooms, devices: house.roomDevices.all() };
  };
  const check = () => {
    const now = building.version();
    if (now === version) return;
    version = now;
    zigbee.driver?.evaluate();
  };
  checks.add(check);
  const stopConnected = service?.onConnected(() => zigbee.driver?.evaluate(true));
  let timers: NodeJS.Timeout[] = [];
  // Background work of the building (platform/background): the rooms are fed and the
  // thermostats driven only by the node that holds the building's lease (every node keeps its
  // connection and registry, for the devices page and the device alarms of a takeover). The
  // driver's memory starts afresh there: every thermostat is sent its target again.
  const removeWork = app.background.add(house.id, {
    name: 'mqtt',
    async start() {
      version = building.version();
      const feed = createRoomFeed(app, house, registry, (before, after) => {
        if (version === before) version = after;
      });
      zigbee.feed = feed;
      if (service) {
        const driver = createDriver({
          base: zigbee.baseTopic,
          registry,
          now: app.clock.now,
          connected: () => service.connection.connected,
          publish: (topic, payload) => service.connection.publish(topic, payload),
          snapshot,
          knob: async (roomId, name, value) => {
            const room = building.findRoom(roomId);
            if (!room) return;
            await app
              .roomCommandsOf(house)
              .setTemporary(roomId, knobTarget(value, room), 'default', {
                kind: 'device',
                name,
                source: 'device',
              });
          },
          log: {
            info: (message) => app.log.info(message),
            warn: (message) => app.log.warn(message),
          },
        });
        zigbee.driver = driver;
        timers = [
          setInterval(check, CHANGE_POLL_MS),
          setInterval(() => driver.evaluate(), EVALUATE_MS),
        ];
        for (const timer of timers) timer.unref();
      }
      await feed.flush(false);
      zigbee.driver?.evaluate();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      zigbee.feed?.close();
      zigbee.driver?.close();
      zigbee.feed = null;
      zigbee.driver = null;
    },
  });
  return async () => {
    checks.delete(check);
    stopConnected?.();
    await removeWork();
  };
}

/**
 * The zigbee2mqtt base topic of a building's devices, and whether the building is driven by
 * them (MQTT mode); null: none. The server's own building follows the settings (MQTT_URL with
 * Z2M_BASE_TOPIC: its devices are known in proxy mode too, for the devices page and their
 * alarms); another one `app.deviceOf` (`building add --z2m-base-topic`).
 */
function zigbeeOfHouse(
  app: FastifyInstance,
  house: House,
): { baseTopic: string; drives: boolean } | null {
  if (house.id === app.config.houseId) {
    const base = app.config.mqtt?.z2mBaseTopic ?? null;
    return base === null ? null : { baseTopic: base, drives: drivesBuilding(app.config) };
  }
  const device = app.deviceOf(house);
  return device.kind === 'mqtt' ? { baseTopic: device.baseTopic, drives: true } : null;
}

/**
 * MQTT (issues 36, 37): with MQTT_URL set, the one connection to the broker; per building with
 * a zigbee2mqtt base topic (the own one's Z2M_BASE_TOPIC, `building add --z2m-base-topic`) the
 * registry of its devices (docs/mqtt.md), and in MQTT mode its rooms fed from them and its
 * thermostats driven (driveBuilding), as buildings are added and until they are removed.
 */
export default fp<{ backoff?: Backoff }>(
  async (app, { backoff }) => {
    const config = app.config.mqtt;
    const service = config
      ? createMqttService({
          config,
          houseId: app.config.houseId,
          log: {
            info: (message) => app.log.info(message),
            warn: (message) => app.log.warn(message),
            debug: (message) => app.log.debug(message),
          },
          now: app.clock.now,
          backoff,
        })
      : null;
    app.decorate('mqtt', service);
    // Without a broker: an MQTT building's registry that nothing feeds (no devices known).
    const offline = new Map<number, Zigbee>();
    app.decorate(
      'zigbeeOf',
      (houseId: number) => service?.zigbee(houseId) ?? offline.get(houseId) ?? null,
    );
    const checks = new Set<() => void>();
    // A write answered through our API goes out at once; the poll catches the rest (the CLI, and
    // other nodes' writes through the change feed).
    // A callback hook: every server has it (a building may be added on MQTT later), and polled
    // reads pass it at the cost of one comparison, no promise.
    app.addHook('onResponse', (request, _reply, done) => {
      if (checks.size > 0 && request.method !== 'GET' && request.method !== 'HEAD') {
        setImmediate(() => {
          for (const check of checks) check();
        });
      }
      done();
    });
    app.houses.each((house) => {
      const wanted = zigbeeOfHouse(app, house);
      if (!wanted) return;
      let zigbee: Zigbee;
      if (service) {
        zigbee = service.attach(house.id, wanted.baseTopic);
      } else {
        zigbee = {
          houseId: house.id,
          baseTopic: wanted.baseTopic,
          registry: new DeviceRegistry(app.clock.now),
          driver: null,
          feed: null,
        };
        offline.set(house.id, zigbee);
      }
      const stop = wanted.drives ? driveBuilding(app, house, zigbee, service, checks) : null;
      return async () => {
        await stop?.();
        if (service) service.detach(house.id);
        else offline.delete(house.id);
      };
    });
    if (service) {
      app.addHook('onClose', async () => {
        await service.close();
      });
    }
    // GET /api/mqtt/status and /api/devices/, in every mode (without MQTT_URL: disabled, none).
    await app.register(mqttRoutes, { prefix: '/api' });
  },
  { name: 'mqtt', dependencies: ['clock', 'auth', 'building', 'background'] },
);
