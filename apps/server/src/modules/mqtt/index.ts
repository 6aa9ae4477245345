import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { contextNow, targetInForce } from '../building/index.js';
import type { Backoff } from './connection.js';
import { knobTarget } from './drive-rules.js';
import { createDriver } from './driver.js';
import { createRoomFeed } from './feed.js';
import { drivesBuilding } from './mode.js';
import mqttRoutes from './routes.js';
import { createMqttService, type MqttService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** MQTT (issue 36); null without MQTT_URL. */
    mqtt: MqttService | null;
  }
}

export { deviceModeOf, drivesBuilding } from './mode.js';
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
export { createMqttService, type MqttService, type MqttServiceStatus } from './service.js';

/** A change reaches the thermostats within this (the building's version is polled). */
export const CHANGE_POLL_MS = 250;
/** Time-driven changes (a schedule's switch, a temporary target or an absence ending). */
export const EVALUATE_MS = 20_000;

/**
 * MQTT mode (issue 36): the rooms fed from their devices, and their thermostats driven with
 * the rooms' targets (driver.ts). Every change is seen through the building's version: right
 * after an answered write of our API, and within CHANGE_POLL_MS otherwise (the CLI's commits);
 * time-driven ones every EVALUATE_MS. The feed's own writes (measured values only) do not count as changes.
 */
function driveBuilding(app: FastifyInstance, service: MqttService) {
  const registry = service.registry!;
  const building = app.houses.own().building;
  let version = building.version();
  const snapshot = () => {
    const context = contextNow(app);
    const scheduleOf = building.schedules();
    const absencesOf = app.houses.own().absences.byRoom();
    const rooms = new Map(
      building.listRooms().map((room) => [
        room.id,
        {
          mode: room.mode,
          target: targetInForce(room, scheduleOf(room.id), context, absencesOf(room.id)),
        },
      ]),
    );
    return { rooms, devices: app.houses.own().roomDevices.all() };
  };
  const check = () => {
    const now = building.version();
    if (now === version) return;
    version = now;
    service.driver?.evaluate();
  };
  // A write answered through our API goes out at once; the poll catches the rest (the CLI, and
  // other nodes' writes through the change feed).
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') setImmediate(check);
  });
  service.onConnected(() => service.driver?.evaluate(true));
  let timers: NodeJS.Timeout[] = [];
  // Background work of the building (platform/background): the rooms are fed and the
  // thermostats driven only by the node that holds the building's lease (every node keeps its
  // connection and registry, for the devices page and the device alarms of a takeover). The
  // driver's memory starts afresh there: every thermostat is sent its target again.
  app.background.add(app.config.houseId, {
    name: 'mqtt',
    async start() {
      version = building.version();
      const feed = createRoomFeed(app, registry, (before, after) => {
        if (version === before) version = after;
      });
      const driver = createDriver({
        base: service.config.z2mBaseTopic!,
        registry,
        now: app.clock.now,
        connected: () => service.connection.connected,
        publish: (topic, payload) => service.connection.publish(topic, payload),
        snapshot,
        knob: async (roomId, name, value) => {
          const room = building.findRoom(roomId);
          if (!room) return;
          await app
            .roomCommandsOf(app.houses.own())
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
      service.feed = feed;
      service.driver = driver;
      timers = [
        setInterval(check, CHANGE_POLL_MS),
        setInterval(() => driver.evaluate(), EVALUATE_MS),
      ];
      for (const timer of timers) timer.unref();
      await feed.flush(false);
      driver.evaluate();
    },
    stop() {
      for (const timer of timers) clearInterval(timer);
      timers = [];
      service.feed?.close();
      service.driver?.close();
      service.feed = null;
      service.driver = null;
    },
  });
}

/**
 * MQTT (issue 36): with MQTT_URL set, the connection to the broker and the registry of
 * zigbee2mqtt's devices (docs/mqtt.md); in MQTT mode (no UPSTREAM_URL, a base topic) the rooms
 * are fed from their devices and the thermostats driven (driveBuilding).
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
    if (service && service.registry && drivesBuilding(app.config)) driveBuilding(app, service);
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
