import fp from 'fastify-plugin';
import type { Backoff } from './connection.js';
import mqttRoutes from './routes.js';
import { createMqttService, type MqttService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** MQTT (issue 36); null without MQTT_URL. */
    mqtt: MqttService | null;
  }
}

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

/**
 * MQTT (issue 36): with MQTT_URL set, the connection to the broker and the registry of
 * zigbee2mqtt's devices (docs/mqtt.md). Reads only for now: rooms are not yet driven by their
 * devices and nothing is sent to them.
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
    if (service) {
      app.addHook('onClose', async () => {
        await service.close();
      });
    }
    // GET /api/mqtt/status and /api/devices/, in every mode (without MQTT_URL: disabled, none).
    await app.register(mqttRoutes, { prefix: '/api' });
  },
  { name: 'mqtt', dependencies: ['clock', 'auth', 'building'] },
);
