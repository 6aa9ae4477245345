import type { Config } from '../../config.js';

/**
 * Whether the building is real and driven over MQTT (issue 36, "mqtt" mode): MQTT_URL set,
 * no UPSTREAM_URL, and a zigbee2mqtt base topic. Then nothing is simulated: rooms take their
 * values from their devices and thermostats get the rooms' targets. With UPSTREAM_URL too, or
 * Z2M_BASE_TOPIC set empty, MQTT serves Home Assistant only.
 */
export const drivesBuilding = (config: Pick<Config, 'mqtt' | 'upstreamUrl'>): boolean =>
  config.mqtt !== null && config.upstreamUrl === null && config.mqtt.z2mBaseTopic !== null;

/** `/api/app-config`'s `deviceMode`. */
export const deviceModeOf = (
  config: Pick<Config, 'mqtt' | 'upstreamUrl'>,
): 'simulation' | 'proxy' | 'mqtt' =>
  config.upstreamUrl ? 'proxy' : drivesBuilding(config) ? 'mqtt' : 'simulation';
