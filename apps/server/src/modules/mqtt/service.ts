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
  /** The building's zigbee2mqtt; null when it has none (Z2M_BASE_TOPIC empty, another mode). */
  zigbee2mqtt: { baseTopic: string; bridge: Availability | null; devices: number } | null;
  discovery: { enabled: boolean; prefix: string };
}

/**
 * One building's zigbee2mqtt (issue 37): the registry of the devices under its base topic on
 * the server's broker, and (while this node runs the building's background work in MQTT mode)
 * the room feed and the thermostats' driver.
 */
export interface Zigbee {
  readonly houseId: number;
  readonly baseTopic: string;
  readonly registry: DeviceRegistry;
  /** The driver of the building's thermostats; null unless driven here now. */
  driver: MqttDriver | null;
  /** The rooms table fed from the devices; null unless driven here now. */
  feed: RoomFeed | null;
}

export interface MqttService {
  readonly config: MqttConfig;
  readonly connection: MqttConnection;
  /** The server's own building's registry (HOUSE_ID); null when Z2M_BASE_TOPIC is empty. */
  readonly registry: DeviceRegistry | null;
  /** The own building's driver (MQTT mode, on the node driving it); null otherwise. */
  readonly driver: MqttDriver | null;
  /** The own building's room feed (MQTT mode, on the node driving it); null otherwise. */
  readonly feed: RoomFeed | null;
  /** A building's zigbee2mqtt; null when it has none. */
  zigbee(houseId: number): Zigbee | null;
  /**
   * Gives a building a registry of the devices under `baseTopic` (subscribes `<base>/#`); the
   * building's earlier one is detached first when its base topic differs.
   */
  attach(houseId: number, baseTopic: string): Zigbee;
  /** Forgets a building's registry; its topics are unsubscribed unless another building shares them. */
  detach(houseId: number): void;
  /** The broker, the building's zigbee2mqtt (default: the own building's) and discovery. */
  status(houseId?: number): MqttServiceStatus;
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
 * MQTT for one server: the one connection, and per building with a zigbee2mqtt base topic the
 * registry of its devices fed from every message under `<base>/#` (one subscription: friendly
 * names may hold slashes, so `+` cannot pick a device's topics). The server's own building
 * (`houseId`) gets Z2M_BASE_TOPIC's at once; others are attached as they are served
 * (modules/mqtt/index.ts). Driving thermostats and Home Assistant discovery hang off
 * `onConnected` and `registry.onChange`.
 */
export function createMqttService({
  config,
  houseId,
  log,
  now,
  backoff,
}: MqttServiceOptions): MqttService {
  const zigbees = new Map<number, Zigbee>();
  const connectedListeners = new Set<() => void>();
  const topicListeners = new Set<{
    filter: string;
    listener: (topic: string, payload: Buffer) => void;
  }>();
  const filterOf = (base: string) => `${base}/#`;
  const connection = connectMqtt({
    url: config.url,
    houseId,
    log,
    now,
    backoff,
    // A fresh array: `subscribe` adds to it (the own building's base topic through `attach`
    // below, before the first connect), and each reconnect subscribes to all of it.
    subscriptions: [],
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
      for (const zigbee of zigbees.values()) {
        const prefix = `${zigbee.baseTopic}/`;
        if (!topic.startsWith(prefix)) continue;
        try {
          zigbee.registry.handle(topic.slice(prefix.length), payload.toString('utf8'));
        } catch (error) {
          log.warn(`MQTT: house ${zigbee.houseId} failed on ${topic}: ${(error as Error).message}`);
        }
      }
    },
  });
  const warnSubscribe = (what: string) => (error: unknown) => {
    log.warn(`MQTT ${what} failed: ${(error as Error).message}`);
  };
  let closed = false;
  const detach = (id: number) => {
    const zigbee = zigbees.get(id);
    if (!zigbee) return;
    zigbees.delete(id);
    if (closed) return;
    const shared = [...zigbees.values()].some((other) => other.baseTopic === zigbee.baseTopic);
    if (!shared) {
      const filter = filterOf(zigbee.baseTopic);
      connection.unsubscribe([filter]).catch(warnSubscribe(`unsubscribe from ${filter}`));
    }
  };
  const attach = (id: number, baseTopic: string): Zigbee => {
    const known = zigbees.get(id);
    if (known?.baseTopic === baseTopic) return known;
    if (known) detach(id);
    const zigbee: Zigbee = {
      houseId: id,
      baseTopic,
      registry: new DeviceRegistry(now),
      driver: null,
      feed: null,
    };
    zigbees.set(id, zigbee);
    const filter = filterOf(baseTopic);
    connection.subscribe([filter]).catch(warnSubscribe(`subscribe to ${filter}`));
    return zigbee;
  };
  if (config.z2mBaseTopic !== null) attach(houseId, config.z2mBaseTopic);
  return {
    config,
    connection,
    get registry() {
      return zigbees.get(houseId)?.registry ?? null;
    },
    get driver() {
      return zigbees.get(houseId)?.driver ?? null;
    },
    get feed() {
      return zigbees.get(houseId)?.feed ?? null;
    },
    zigbee: (id) => zigbees.get(id) ?? null,
    attach,
    detach,
    status: (id = houseId) => {
      const zigbee = zigbees.get(id);
      return {
        broker: { connected: connection.connected, since: connection.since },
        zigbee2mqtt: zigbee
          ? {
              baseTopic: zigbee.baseTopic,
              bridge: zigbee.registry.bridgeState,
              devices: zigbee.registry.reports().length,
            }
          : null,
        discovery: { enabled: config.haDiscovery, prefix: config.haDiscoveryPrefix },
      };
    },
    onConnected: (listener) => {
      connectedListeners.add(listener);
      return () => connectedListeners.delete(listener);
    },
    subscribe: (filter, listener) => {
      const entry = { filter, listener };
      topicListeners.add(entry);
      connection.subscribe([filter]).catch(warnSubscribe(`subscribe to ${filter}`));
      return () => topicListeners.delete(entry);
    },
    close: () => {
      closed = true;
      return connection.close();
    },
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
