import type { Engine, Sql } from '../../platform/database/schema.js';
import type { Announce } from './changes.js';
import { createAbsenceRepository, type AbsenceRepository } from './absences-repository.js';
import { createBuildingRepository, type BuildingRepository } from './repository.js';
import { createRoomDevicesRepository, type RoomDevicesRepository } from './room-devices.js';
import { createSimFaultsRepository, type SimFaultsRepository } from './sim-faults-repository.js';
import './tables.js';

/** One building (one house id) as this node runs it: its row and its repositories. */
export interface House {
  readonly id: number;
  name: string;
  /** The first label of the host name the web app is opened under for it, or null. */
  hostLabel: string | null;
  /** A Controme server's URL (proxy mode), or null. */
  upstreamUrl: string | null;
  /** A zigbee2mqtt base topic (MQTT mode), or null. */
  z2mBaseTopic: string | null;
  readonly building: BuildingRepository;
  readonly absences: AbsenceRepository;
  readonly roomDevices: RoomDevicesRepository;
  readonly simFaults: SimFaultsRepository;
}

export interface Houses {
  /** The building of HOUSE_ID: the one a request without another is about. */
  readonly defaultId: number;
  get(id: number): House | undefined;
  /**
   * The server's own building (HOUSE_ID): the one a request without another is about, and the
   * one whose devices the configuration names (UPSTREAM_URL, MQTT_URL, Home Assistant).
   */
  own(): House;
  /** Every building, by house id. */
  list(): readonly House[];
  /** The building whose host label this is (case as given, compared in lower case). */
  byHostLabel(label: string): House | undefined;
  /**
   * Reads the buildings table again: new buildings are opened (their snapshot read), removed
   * ones closed, renamed ones follow. Listeners hear what was added and removed.
   */
  reload(): Promise<void>;
  onChange(listener: (change: { added: House[]; removed: House[] }) => void): void;
  /**
   * Calls `start` for every building, now and as buildings are added; what it answers is called
   * when that building is removed (or the server closes): per-building work and its end.
   */
  each(start: (house: House) => (() => void | Promise<void>) | void): void;
  close(): Promise<void>;
}

/**
 * The buildings of the database (issue 37), each with its repositories bound to its house id:
 * every query a building's repository makes names its house. The default building (HOUSE_ID)
 * always exists: its row is made when missing, named as the settings named it.
 */
export async function openHouses(options: {
  sql: Sql;
  engine: Engine;
  now: () => number;
  defaultId: number;
  announce?: Announce;
}): Promise<Houses> {
  const { sql, engine, now, defaultId, announce } = options;
  const houses = new Map<number, House>();
  const listeners: ((change: { added: House[]; removed: House[] }) => void)[] = [];

  const open = async (row: {
    house_id: number;
    name: string;
    host_label: string | null;
    upstream_url: string | null;
    z2m_base_topic: string | null;
  }): Promise<House> => {
    const building = createBuildingRepository(sql, engine, now, row.house_id, announce);
    await building.refresh();
    return {
      id: row.house_id,
      name: row.name,
      hostLabel: row.host_label,
      upstreamUrl: row.upstream_url,
      z2mBaseTopic: row.z2m_base_topic,
      building,
      absences: createAbsenceRepository(sql, now, building),
      roomDevices: createRoomDevicesRepository(building),
      simFaults: createSimFaultsRepository(sql, row.house_id),
    };
  };

  let reloading: Promise<void> | null = null;
  const starters: ((house: House) => (() => void | Promise<void>) | void)[] = [];
  const ends = new Map<House, (() => void | Promise<void>)[]>();
  const begin = (house: House, start: (typeof starters)[number]) => {
    const end = start(house);
    if (!end) return;
    const list = ends.get(house) ?? [];
    list.push(end);
    ends.set(house, list);
  };
  const finish = async (house: House) => {
    const list = ends.get(house) ?? [];
    ends.delete(house);
    for (const end of list.reverse()) await end();
  };
  const load = async () => {
    const rows = await sql
      .selectFrom('buildings')
      .select(['house_id', 'name', 'host_label', 'upstream_url', 'z2m_base_topic'])
      .orderBy('house_id')
      .execute();
    const added: House[] = [];
    const removed: House[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      seen.add(row.house_id);
      const known = houses.get(row.house_id);
      if (known) {
        known.name = row.name;
        known.hostLabel = row.host_label;
        known.upstreamUrl = row.upstream_url;
        known.z2mBaseTopic = row.z2m_base_topic;
        continue;
      }
      const house = await open(row);
      houses.set(house.id, house);
      added.push(house);
    }
    for (const [id, house] of houses) {
      if (seen.has(id)) continue;
      houses.delete(id);
      house.building.close();
      removed.push(house);
    }
    for (const house of removed) await finish(house);
    for (const house of added) for (const start of starters) begin(house, start);
    if (added.length > 0 || removed.length > 0) {
      for (const listener of listeners) listener({ added, removed });
    }
  };

  const exists = await sql
    .selectFrom('buildings')
    .select('house_id')
    .where('house_id', '=', defaultId)
    .executeTakeFirst();
  if (!exists) {
    const named = await sql
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'building_name')
      .executeTakeFirst();
    await sql
      .insertInto('buildings')
      .values({ house_id: defaultId, name: named?.value ?? 'Raumregler', created_at: now() })
      .onConflict((conflict) => conflict.column('house_id').doNothing())
      .execute();
  }
  await load();

  return {
    defaultId,
    get: (id) => houses.get(id),
    // Made at the start and never removed (building remove refuses HOUSE_ID).
    own: () => houses.get(defaultId)!,
    list: () => [...houses.values()],
    byHostLabel(label) {
      const wanted = label.toLowerCase();
      for (const house of houses.values()) {
        if (house.hostLabel !== null && house.hostLabel.toLowerCase() === wanted) return house;
      }
      return undefined;
    },
    reload() {
      reloading ??= load().finally(() => {
        reloading = null;
      });
      return reloading;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    each(start) {
      starters.push(start);
      for (const house of houses.values()) begin(house, start);
    },
    async close() {
      for (const house of houses.values()) {
        await finish(house);
        house.building.close();
      }
    },
  };
}
