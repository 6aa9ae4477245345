import type { Database } from 'better-sqlite3';

/** Most devices one room takes (thermostats and sensors together). */
export const ROOM_DEVICES_MAX = 50;
/** zigbee2mqtt friendly names: our limit (zigbee2mqtt has none; 100 is far beyond real ones). */
export const DEVICE_NAME_MAX = 100;

/**
 * What is wrong with a zigbee2mqtt friendly name as a room's device, or null. Commas and slashes
 * are fine (zigbee2mqtt allows them); MQTT wildcards, control characters, empty topic levels and
 * names ending like zigbee2mqtt's own sub-topics are not (zigbee2mqtt refuses those too).
 */
export function deviceNameProblem(name: string): string | null {
  if (name.trim() === '') return 'is empty';
  if (name.length > DEVICE_NAME_MAX) return `is longer than ${DEVICE_NAME_MAX} characters`;
  if (name !== name.trim()) return 'starts or ends with a space';
  if (/[#+]/.test(name)) return 'holds an MQTT wildcard (+ or #)';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'holds a control character';
  if (name.startsWith('/') || name.endsWith('/') || name.includes('//')) {
    return 'has an empty topic level (a leading, trailing or double slash)';
  }
  if (/\/(set|get|availability)$/.test(name) || /^bridge(\/|$)/.test(name)) {
    return 'ends like a zigbee2mqtt sub-topic (/set, /get, /availability) or starts with bridge';
  }
  return null;
}

/** The first problem of a room's device list (each name, duplicates, the count), or null. */
export function deviceListProblem(names: readonly string[]): string | null {
  if (names.length > ROOM_DEVICES_MAX) return `a room takes at most ${ROOM_DEVICES_MAX} devices`;
  const seen = new Set<string>();
  for (const name of names) {
    const problem = deviceNameProblem(name);
    if (problem) return `device "${name.slice(0, DEVICE_NAME_MAX)}" ${problem}`;
    if (seen.has(name)) return `device "${name}" is named twice`;
    seen.add(name);
  }
  return null;
}

export interface RoomDevicesRepository {
  /** A room's device names in their order; [] for none. */
  of(roomId: number): string[];
  /** Every room with devices: room id → names in order. */
  all(): Map<number, string[]>;
  /** The room that has this device, or null. */
  roomOf(name: string): number | null;
  /** Replaces a room's devices (run it inside the caller's transaction). */
  set(roomId: number, names: readonly string[]): void;
}

/** The rooms' zigbee2mqtt devices (issue 36, migration 015). */
export function createRoomDevicesRepository(db: Database): RoomDevicesRepository {
  const ofRoom = db.prepare<[number], { name: string }>(
    'SELECT name FROM room_devices WHERE room_id = ? ORDER BY position',
  );
  const every = db.prepare<[], { room_id: number; name: string }>(
    'SELECT room_id, name FROM room_devices ORDER BY room_id, position',
  );
  const owner = db.prepare<[string], { room_id: number }>(
    'SELECT room_id FROM room_devices WHERE name = ?',
  );
  const clear = db.prepare('DELETE FROM room_devices WHERE room_id = ?');
  const insert = db.prepare('INSERT INTO room_devices (room_id, name, position) VALUES (?, ?, ?)');
  return {
    of: (roomId) => ofRoom.all(roomId).map((row) => row.name),
    all: () => {
      const rooms = new Map<number, string[]>();
      for (const row of every.all()) {
        const names = rooms.get(row.room_id) ?? [];
        names.push(row.name);
        rooms.set(row.room_id, names);
      }
      return rooms;
    },
    roomOf: (name) => owner.get(name)?.room_id ?? null,
    set: (roomId, names) => {
      clear.run(roomId);
      names.forEach((name, position) => insert.run(roomId, name, position));
    },
  };
}
