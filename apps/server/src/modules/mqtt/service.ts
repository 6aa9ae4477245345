import type { MqttConfig } from '../../config.js';
import {
  connectMqtt,
  type Backoff,
  type ConnectionLog,
  type MqttConnection,
} from './connection.js';
import type { MqttDriver } from './driver.js';
import type { RoomFeed } from './feed.js';
import { DeviceRegistry } from './registry.js';
import type { Availability } from './rules.js';

/** What `GET /api/mqtt/status` will answer: the broker, zigbee2mqtt and discovery. */
export interface MqttServiceStatus {
  broker: { connected: boolean; since: number };
  /** null when Z2M_BASE_TOPIC is empty (Home Assistant only). */
  zigbee2mqtt: { baseTopic: string; bridge: Availability | null; devices: number } | null;
  discovery: { enabled: boolean; prefix: string };
}

export interface MqttService {
  readonly config: MqttConfig;
  readonly connection: MqttConnection;
  /** null when Z2M_BASE_TOPIC is empty: no zigbee2mqtt devices, Home Assistant only. */
  readonly registry: DeviceRegistry | null;
  /**
   * MQTT mode (issue 36: MQTT_URL without UPSTREAM_URL, with a base topic): the driver of the
   * thermostats; null otherwise. `unconfirmed()` feeds the `device-unconfirmed` alarm.
   */
  driver: MqttDriver | null;
  /** MQTT mode: the rooms table fed from the devices; null otherwise. */
  feed: RoomFeed | null;
  status(): MqttServiceStatus;
  /**
   * Called after every (re)connect, once subscribed: where what must be (re)sent goes (targets
   * to thermostats, Home Assistant discovery). Answers a function that removes the listener.
   */
  onConnected(listener: () => void): () => void;
  /**
   * Subscribes to a topic filter (`+` and `#` allowed; kept over reconnects) and calls the
   * listener with each message on a matching topic. Answers a function that removes the listener.
   */
  subscribe(filter: string, listener: (topic: string, payload: Buffer) => void): () => void;
  close(): Promise<void>;
}

export interface MqttServiceOptions {
  config: MqttConfig;
  houseId: number;
  log: ConnectionLog;
  now: () => number;
  backoff?: Backoff;
}

/**
 * MQTT for one server: the connection, and (with a zigbee2mqtt base topic) the registry of its
 * devices fed from every message under `<base>/#` (one subscription: friendly names may hold
 * slashes, so `+` cannot pick a device's topics). What the next steps of issue 36 add (driving
 * thermostats, Home Assistant discovery) hangs off `onConnect` and `registry.onChange`.
 */
export function createMqttService({
  config,
  houseId,
  log,
  now,
  backoff,
}: MqttServiceOptions): MqttService {
  const base = config.z2mBaseTopic;
  const registry = base === null ? null : new DeviceRegistry(now);
  const prefix = base === null ? null : `${base}/`;
  const connectedListeners = new Set<() => void>();
  const topicListeners = new Set<{
    filter: string;
    listener: (topic: string, payload: Buffer) => void;
  }>();
  const connection = connectMqtt({
    url: config.url,
    houseId,
    log,
    now,
    backoff,
    // A fresh array: `subscribe` adds to it, and each reconnect subscribes to all of it.
    subscriptions: base === null ? [] : [`${base}/#`],
    onConnect: () => {
      for (const listener of connectedListeners) {
        try {
          listener();
        } catch (error) {
          log.warn(`MQTT: a listener failed after connecting: ${(error as Error).message}`);
        }
      }
    },
    onMessage: (topic, payload) => {
      for (const { filter, listener } of topicListeners) {
        if (!topicMatches(filter, topic)) continue;
        try {
          listener(topic, payload);
        } catch (error) {
          log.warn(`MQTT: a listener of ${filter} failed: ${(error as Error).message}`);
        }
      }
      if (!registry || !prefix || !topic.startsWith(prefix)) return;
      registry.handle(topic.slice(prefix.length), payload.toString('utf8'));
    },
  });
  return {
    config,
    connection,
    registry,
    driver: null,
    feed: null,
    status: () => ({
      broker: { connected: connection.connected, since: connection.since },
      zigbee2mqtt:
        base === null || !registry
          ? null
          : { baseTopic: base, bridge: registry.bridgeState, devices: registry.reports().length },
      discovery: { enabled: config.haDiscovery, prefix: config.haDiscoveryPrefix },
    }),
    onConnected: (listener) => {
      connectedListeners.add(listener);
      return () => connectedListeners.delete(listener);
    },
    subscribe: (filter, listener) => {
      const entry = { filter, listener };
      topicListeners.add(entry);
      connection.subscribe([filter]).catch((error: unknown) => {
        log.warn(`MQTT subscribe to ${filter} failed: ${(error as Error).message}`);
      });
      return () => topicListeners.delete(entry);
    },
    close: () => connection.close(),
  };
}

/** Whether an MQTT topic filter (`+` one level, `#` the rest) matches a topic. */
export function topicMatches(filter: string, topic: string): boolean {
  const wanted = filter.split('/');
  const levels = topic.split('/');
  for (let i = 0; i < wanted.length; i++) {
    if (wanted[i] === '#') return true;
    if (i >= levels.length) return false;
    if (wanted[i] !== '+' && wanted[i] !== levels[i]) return false;
  }
  return wanted.length === levels.length;
}
