import type { FastifyInstance } from 'fastify';
import type { House, Room } from '../building/index.js';
import { maySignIn, type UserRecord } from '../../platform/auth/users.js';
import type { Actor } from '../audit/index.js';
import type { MqttService } from '../mqtt/index.js';
import type { RoomNow } from '../room-values/index.js';
import {
  buildingDevice,
  climateConfig,
  climateStates,
  configTopic,
  haMode,
  MODE_ACTIONS,
  parseMode,
  parseTemperature,
  roomTopic,
  STATE_NAMES,
  type ClimateRoom,
} from './discovery.js';

/** A full pass over the rooms at least this often, written to or not (time-driven changes). */
export const FULL_PASS_MS = 10_000;

/** How long a temperature from Home Assistant lasts when no scheduled change comes sooner. */
export const HA_TARGET_MAX_MINUTES = 12 * 60;

export interface BridgeLog {
  info: (message: string) => void;
  warn: (message: string) => void;
}

export interface HomeAssistantBridge {
  /** Publishes what changed since the last check (every `checkMs`, and after each command). */
  check(): Promise<void>;
  /** Forgets what was published: the next check sends every config and state again. */
  resend(): Promise<void>;
  /** Removes every entity this bridge announced (its building removed). */
  clearAll(): Promise<void>;
  stop(): void;
}

/**
 * Home Assistant over MQTT (issue 36, docs/mqtt.md): each room's discovery config and states,
 * published retained and on change only, and the commands Home Assistant sends on
 * `raumregler/<houseId>/room/<roomId>/target/set` and `…/mode/set`, run as HA_USER's room
 * commands (source `homeassistant`).
 */
export function createHomeAssistantBridge({
  app,
  house,
  mqtt,
  rooms,
  log,
  checkMs,
}: {
  app: FastifyInstance;
  /** The building whose rooms this bridge announces (issue 37: one bridge per building). */
  house: House;
  mqtt: MqttService;
  rooms: () => readonly RoomNow[];
  log: BridgeLog;
  checkMs: number;
}): HomeAssistantBridge {
  const houseId = house.id;
  // Every building's entities are available while the server is (its one connection's status).
  const statusHouse = app.config.houseId;
  const prefix = mqtt.config.haDiscoveryPrefix;
  const haUser = mqtt.config.haUser;
  const proxy = app.deviceOf(house).kind === 'proxy';
  const building = house.building;
  /** What each of our topics holds now (as we published it); absent: not published yet. */
  const published = new Map<string, string>();
  /** The rooms whose config we published, by id. */
  const announced = new Set<number>();
  /** Each room's config as last built, with what it was built from. */
  const configs = new Map<number, { key: string; json: string }>();
  let running: Promise<void> | null = null;
  let again = false;

  const climateRoom = (room: RoomNow, ours: Room | undefined): ClimateRoom => {
    const mode = haMode(room.mode);
    return {
      id: room.id,
      name: room.name,
      mode,
      cooling: mode === 'cool' || (mode === 'off' && ours?.previousMode === 'Cooling'),
      temperature: room.temperature,
      humidity: room.humidity,
      target: room.target,
      valve: room.valve,
      limits: ours?.limits ?? null,
    };
  };

  const publishNow = async (topic: string, payload: string) => {
    published.set(topic, payload);
    try {
      await mqtt.connection.publish(topic, payload, { retain: true, qos: 1 });
    } catch (error) {
      published.delete(topic);
      log.warn(`Home Assistant: publishing ${topic} failed: ${(error as Error).message}`);
    }
  };
  /** Publishes (retained) what differs from what the topic holds; `force`: in any case. */
  const publish = (topic: string, payload: string, force = false): Promise<void> | null => {
    if (!force && published.get(topic) === payload) return null;
    if (!mqtt.connection.connected) return null;
    return publishNow(topic, payload);
  };

  /** Clears a retained topic (an empty retained payload removes it at the broker). */
  const clear = async (topic: string) => {
    if (!mqtt.connection.connected) return;
    published.delete(topic);
    await mqtt.connection.publish(topic, '', { retain: true, qos: 1 }).catch(() => {});
  };

  // When nothing was written (the building's version) and, in proxy mode, no new poll came, the
  // rooms change only with time (a switch point, a temporary target's end): a full pass every
  // FULL_PASS_MS covers those, and the checks between cost a version lookup.
  let lastVersion = '';
  let lastList: readonly RoomNow[] | null = null;
  let lastPass = 0;
  let force = true;
  const due = () => {
    if (force || Date.now() - lastPass >= FULL_PASS_MS) return true;
    if (building.version() !== lastVersion) return true;
    return proxy && rooms() !== lastList;
  };

  const pass = async () => {
    if (!mqtt.connection.connected || !due()) return;
    force = false;
    lastPass = Date.now();
    lastVersion = building.version();
    const device = buildingDevice(houseId, house.name);
    const now = rooms();
    lastList = now;
    // Our rooms' limits and previous modes in one query (proxy mode: the rooms we keep of the
    // device's), not one per room.
    const ours = new Map(building.listRooms().map((room) => [room.id, room]));
    const present = new Set<number>();
    const sends: Promise<void>[] = [];
    for (const room of now) {
      present.add(room.id);
      const climate = climateRoom(room, ours.get(room.id));
      // Configs and states together: Home Assistant gets the retained states when it subscribes
      // to the topics a config names, whichever arrives first. A config is built again only
      // when what it says changed (a name, limits, cooling, the building's name).
      const key = `${device.name}\u0000${climate.name}\u0000${climate.cooling}\u0000${climate.limits?.min}\u0000${climate.limits?.max}`;
      let made = configs.get(room.id);
      if (made?.key !== key) {
        made = {
          key,
          json: JSON.stringify(climateConfig(climate, { houseId, statusHouse, device })),
        };
        configs.set(room.id, made);
      }
      const sent = publish(configTopic(prefix, houseId, room.id), made.json);
      if (sent) sends.push(sent);
      announced.add(room.id);
      const states = climateStates(climate);
      const base = roomTopic(houseId, room.id);
      for (const name of STATE_NAMES) {
        const sentState = publish(`${base}/${name}`, states[name]);
        if (sentState) sends.push(sentState);
      }
    }
    // A room that went away: its entity is removed (an empty retained config), its states too.
    for (const id of [...announced]) {
      if (present.has(id)) continue;
      announced.delete(id);
      configs.delete(id);
      sends.push(clear(configTopic(prefix, houseId, id)));
      for (const name of STATE_NAMES) sends.push(clear(`${roomTopic(houseId, id)}/${name}`));
    }
    await Promise.all(sends);
  };

  const check = async (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } catch (error) {
        log.warn(`Home Assistant: publishing the rooms failed: ${(error as Error).message}`);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const resend = async () => {
    published.clear();
    force = true;
    await check();
  };

  // ------------------------------------------------------------------------------------------
  // Commands from Home Assistant.

  const roomOf = (topic: string): number | null => {
    const match = /^raumregler\/\d+\/room\/(\d{1,9})\/(?:target|mode)\/set$/.exec(topic);
    return match ? Number(match[1]) : null;
  };

  /** HA_USER when they may change the room, else the reason they may not (for the log). */
  const commander = async (roomId: number): Promise<{ user: UserRecord } | { refused: string }> => {
    if (haUser === null) return { refused: 'HA_USER is not set (Home Assistant only reads)' };
    if (proxy) {
      return {
        refused: 'commands from Home Assistant are not forwarded to the device in proxy mode',
      };
    }
    const user = await app.repos.users.findByUsername(haUser);
    if (!maySignIn(user)) return { refused: `HA_USER ${haUser} does not exist or is disabled` };
    if (!building.findRoom(roomId)) return { refused: 'there is no such room' };
    if (!app.roomAccess.userCan(house, user, 'write', roomId)) {
      return { refused: `HA_USER ${haUser} may not change this room` };
    }
    return { user };
  };

  const actorOf = (user: UserRecord): Actor => ({
    kind: 'user',
    userId: user.id,
    username: user.username,
    source: 'homeassistant',
  });

  /** A refused command: logged, and the state re-published so Home Assistant shows the truth. */
  const refuse = async (roomId: number, what: 'target' | 'mode', reason: string) => {
    log.warn(`Home Assistant: ${what} command for room ${roomId} refused: ${reason}`);
    const topic = `${roomTopic(houseId, roomId)}/${what}`;
    const current = published.get(topic);
    if (current !== undefined) await publish(topic, current, true);
  };

  const onCommand = async (topic: string, payload: string) => {
    const roomId = roomOf(topic);
    if (roomId === null) return;
    const what = topic.endsWith('/target/set') ? 'target' : 'mode';
    const shown = payload.length > 20 ? `${payload.slice(0, 20)}…` : payload;
    const who = await commander(roomId);
    if ('refused' in who) return refuse(roomId, what, who.refused);
    const { user } = who;
    try {
      if (what === 'target') {
        const value = parseTemperature(payload);
        if (value === null) return await refuse(roomId, what, `"${shown}" is not a temperature`);
        await app
          .roomCommandsOf(house)
          .setTemporaryUntilNextChange(roomId, value, HA_TARGET_MAX_MINUTES, actorOf(user), {
            bound: !app.roomAccess.userCan(house, user, 'manage', roomId),
          });
      } else {
        const mode = parseMode(payload);
        if (mode === null) return await refuse(roomId, what, `"${shown}" is not heat, cool or off`);
        await app.roomCommandsOf(house).changeMode(roomId, MODE_ACTIONS[mode], actorOf(user));
      }
      log.info(`Home Assistant: ${what} of room ${roomId} set to ${shown} as ${user.username}`);
    } catch (error) {
      return refuse(roomId, what, (error as Error).message);
    }
    force = true;
    await check();
  };

  const unsubscribe = mqtt.subscribe(`raumregler/${houseId}/room/+/+/set`, (topic, payload) => {
    void onCommand(topic, payload.toString('utf8')).catch((error: unknown) => {
      log.warn(`Home Assistant: a command failed: ${(error as Error).message}`);
    });
  });

  // Home Assistant's birth message: after its restart it has forgotten our entities.
  const unsubscribeStatus = mqtt.subscribe(`${prefix}/status`, (_topic, payload) => {
    if (payload.toString('utf8').trim() === 'online') void resend();
  });

  // Entities of rooms that are gone since the last run (a retained config of ours for a room the
  // building lacks): cleared. Not in proxy mode, where the rooms come with the first poll.
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const ownConfig = new RegExp(`^${escaped}/climate/raumregler_${houseId}_(\\d{1,9})/config$`);
  const unsubscribeStale = proxy
    ? () => true
    : mqtt.subscribe(`${prefix}/climate/+/config`, (topic, payload) => {
        const match = ownConfig.exec(topic);
        if (!match || payload.length === 0) return;
        const id = Number(match[1]);
        if (!building.findRoom(id)) {
          void clear(topic);
          for (const name of STATE_NAMES) void clear(`${roomTopic(houseId, id)}/${name}`);
        }
      });

  const stopConnected = mqtt.onConnected(() => void resend());
  const timer = setInterval(() => void check(), checkMs);
  timer.unref();

  const clearAll = async () => {
    const ids = [...announced];
    announced.clear();
    configs.clear();
    await Promise.all(
      ids.flatMap((id) => [
        clear(configTopic(prefix, houseId, id)),
        ...STATE_NAMES.map((name) => clear(`${roomTopic(houseId, id)}/${name}`)),
      ]),
    );
  };

  return {
    check,
    resend,
    clearAll,
    stop() {
      clearInterval(timer);
      stopConnected();
      unsubscribe();
      unsubscribeStatus();
      unsubscribeStale();
    },
  };
}
