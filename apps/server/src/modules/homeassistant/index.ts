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
 * room of every building appears in Home Assistant as a `climate` entity (MQTT discovery), in
 * every mode, and Home Assistant's commands change the rooms with HA_USER's rights there. One
 * bridge per building (issue 37: ids and topics carry its house id, so buildings never collide),
 * run as the building's background work (the node holding its lease publishes and takes its
 * commands); a building removed takes its entities with it. HA_USER must name a user: checked at
 * start.
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
    app.decorate('homeAssistant', null);
    if (!mqtt || !mqtt.config.haDiscovery) return;
    const log = {
      info: (message: string) => app.log.info(message),
      warn: (message: string) => app.log.warn(message),
    };
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.houses.each((house) => {
      const rooms = roomSource(app, house);
      let bridge: HomeAssistantBridge | null = null;
      const removeWork = app.background.add(house.id, {
        name: 'homeassistant',
        async start() {
          bridge = createHomeAssistantBridge({ app, house, mqtt, rooms, checkMs, log });
          if (house.id === app.config.houseId) app.homeAssistant = bridge;
          if (mqtt.connection.connected) await bridge.resend();
        },
        stop() {
          bridge?.stop();
          if (app.homeAssistant === bridge) app.homeAssistant = null;
          bridge = null;
        },
      });
      return async () => {
        // Removed (not the server closing): its entities leave Home Assistant.
        if (!closing) await bridge?.clearAll();
        await removeWork();
      };
    });
  },
  {
    name: 'homeassistant',
    dependencies: ['mqtt', 'building', 'room-commands', 'audit', 'background'],
  },
);
