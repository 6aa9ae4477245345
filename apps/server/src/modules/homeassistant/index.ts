import fp from 'fastify-plugin';
import { ConfigError } from '../../config.js';
import { roomSource } from '../room-values/index.js';
import { createHomeAssistantBridge, type HomeAssistantBridge } from './bridge.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Home Assistant discovery (issue 36); null without MQTT_URL or with HA_DISCOVERY=false. */
    homeAssistant: HomeAssistantBridge | null;
  }
}

export { HA_TARGET_MAX_MINUTES, type HomeAssistantBridge } from './bridge.js';

/**
 * Home Assistant (issue 36, docs/mqtt.md, decision 0087): with MQTT_URL and HA_DISCOVERY, every
 * room appears in Home Assistant as a `climate` entity (MQTT discovery), in every mode, and
 * Home Assistant's commands change the rooms with HA_USER's rights. HA_USER must name a user:
 * checked at start.
 */
export default fp<{ checkMs?: number }>(
  async (app, { checkMs = 1_000 }) => {
    const mqtt = app.mqtt;
    const haUser = app.config.mqtt?.haUser ?? null;
    if (haUser !== null && !(await app.repos.users.findByUsername(haUser))) {
      throw new ConfigError(
        `HA_USER ${JSON.stringify(haUser)} is no user here: create it (npm run cli -w apps/server -- user add …) or leave HA_USER unset`,
      );
    }
    if (!mqtt || !mqtt.config.haDiscovery) {
      app.decorate('homeAssistant', null);
      return;
    }
    const rooms = roomSource(app, app.houses.own());
    let bridge: HomeAssistantBridge | null = null;
    app.decorate('homeAssistant', null);
    // After every module is registered (the rooms' source, the room commands): the first pass.
    app.addHook('onReady', async () => {
      bridge = createHomeAssistantBridge({
        app,
        mqtt,
        rooms,
        checkMs,
        log: {
          info: (message) => app.log.info(message),
          warn: (message) => app.log.warn(message),
        },
      });
      app.homeAssistant = bridge;
      if (mqtt.connection.connected) await bridge.resend();
    });
    app.addHook('onClose', async () => {
      bridge?.stop();
    });
  },
  { name: 'homeassistant', dependencies: ['mqtt', 'building', 'room-commands', 'audit'] },
);
