import './tables.js';
import type { Tx } from '../../platform/database/schema.js';

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
  of(roomId: number): readonly string[];
  /** Every room with devices: room id → names in order. */
  all(): ReadonlyMap<number, readonly string[]>;
  /** The room that has this device, or null. */
  roomOf(name: string): number | null;
  /** A room's device names inside a commit (`tx`), with the commit's earlier writes. */
  ofIn(tx: Tx, roomId: number): Promise<string[]>;
  /** The room that has this device inside a commit (`tx`), or null. */
  roomOfIn(tx: Tx, name: string): Promise<number | null>;
  /**
   * Replaces a room's devices on the commit's transaction; the building's snapshot shows them
   * after its refresh.
   */
  set(tx: Tx, roomId: number, names: readonly string[]): Promise<void>;
}

/**
 * The rooms' zigbee2mqtt devices (issue 36, migration 015): read from the building's snapshot
 * (MQTT mode reads them on every message), written on a commit's transaction.
 */
export function createRoomDevicesRepository(building: {
  devicesOf: (roomId: number) => readonly string[];
  devices: () => ReadonlyMap<number, readonly string[]>;
  deviceOwner: (name: string) => number | null;
  devicesChanged: (tx: Tx) => Promise<void>;
  houseId: number;
}): RoomDevicesRepository {
  const { houseId } = building;
  return {
    of: (roomId) => building.devicesOf(roomId),
    all: () => building.devices(),
    roomOf: (name) => building.deviceOwner(name),
    ofIn: async (tx, roomId) => {
      const rows = await tx
        .selectFrom('room_devices')
        .select('name')
        .where('house_id', '=', houseId)
        .where('room_id', '=', roomId)
        .orderBy('position')
        .execute();
      return rows.map((row) => row.name);
    },
    roomOfIn: async (tx, name) => {
      const row = await tx
        .selectFrom('room_devices')
        .select('room_id')
        .where('house_id', '=', houseId)
        .where('name', '=', name)
        .executeTakeFirst();
      return row?.room_id ?? null;
    },
    set: async (tx, roomId, names) => {
      await writeRoomDevices(tx, houseId, roomId, names);
      await building.devicesChanged(tx);
    },
  };
}

/** Replaces a room's devices in the table (the repository's and the seed import's write). */
export async function writeRoomDevices(
  tx: Tx,
  houseId: number,
  roomId: number,
  names: readonly string[],
) {
  await tx
    .deleteFrom('room_devices')
    .where('house_id', '=', houseId)
    .where('room_id', '=', roomId)
    .execute();
  if (names.length === 0) return;
  await tx
    .insertInto('room_devices')
    .values(names.map((name, position) => ({ house_id: houseId, room_id: roomId, name, position })))
    .execute();
}
