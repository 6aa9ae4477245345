import { sql as raw } from 'kysely';
import type { Engine, Sql } from '../../platform/database/schema.js';
import type { Announce } from './changes.js';
import { createAbsenceRepository, type AbsenceRepository } from './absences-repository.js';
import { createBuildingRepository, type BuildingRepository } from './repository.js';
import { createRoomDevicesRepository, type RoomDevicesRepository } from './room-devices.js';
import { createSimFaultsRepository, type SimFaultsRepository } from './sim-faults-repository.js';
import './tables.js';

/**
 * One building (one house id) as this node runs it: its row (name, host label, devices; as read
 * with the building's snapshot, so a rename shows with the building's next version) and its
 * repositories.
 */
export interface House {
  readonly id: number;
  readonly name: string;
  /** The first label of the host name the web app is opened under for it, or null. */
  readonly hostLabel: string | null;
  /** A Controme server's URL (proxy mode), or null. */
  readonly upstreamUrl: string | null;
  /** The device account there, sealed (building add); null for the server's own (config). */
  readonly upstreamAccount: string | null;
  /** A zigbee2mqtt base topic (MQTT mode), or null. */
  readonly z2mBaseTopic: string | null;
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
  /**
   * Calls `start` for every building, now and as buildings are added; what it answers is called
   * when that building is removed (or the server closes): per-building work and its end.
   */
  each(start: (house: House) => (() => void | Promise<void>) | void): void;
  close(): Promise<void>;
}

/** How often SQLite's file is asked whether another process (the CLI) committed. */
export const EXTERNAL_CHECK_MS = 250;
/** How often PostgreSQL's buildings table is read again (a building added: served within 5 s). */
export const HOUSES_CHECK_MS = 1_000;

/** Whether the database has a building of this house id. */
export async function houseExists(sql: Sql, houseId: number): Promise<boolean> {
  const row = await sql
    .selectFrom('buildings')
    .select('house_id')
    .where('house_id', '=', houseId)
    .executeTakeFirst();
  return row !== undefined;
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

  const open = async (houseId: number): Promise<House> => {
    const building = createBuildingRepository(sql, now, houseId, announce);
    await building.refresh();
    return {
      id: houseId,
      get name() {
        return building.place().name;
      },
      get hostLabel() {
        return building.place().hostLabel;
      },
      get upstreamUrl() {
        return building.place().upstreamUrl;
      },
      get upstreamAccount() {
        return building.place().upstreamAccount;
      },
      get z2mBaseTopic() {
        return building.place().z2mBaseTopic;
      },
      building,
      absences: createAbsenceRepository(sql, now, building),
      roomDevices: createRoomDevicesRepository(building),
      simFaults: createSimFaultsRepository(sql, houseId),
    };
  };

  /** When each open building's row was made (a house id removed and added again is another). */
  const made = new WeakMap<House, number>();
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
      .select(['house_id', 'data_version', 'created_at'])
      .orderBy('house_id')
      .execute();
    const added: House[] = [];
    const removed: House[] = [];
    const seen = new Set<number>();
    for (const row of rows) {
      const known = houses.get(row.house_id);
      // A house id removed and added again between two reads is another row (told by when it
      // was made): the old building ends below, and the new one is opened afresh.
      if (known && made.get(known) === Number(row.created_at)) {
        seen.add(row.house_id);
        // Renamed or changed by another process or node: its snapshot is read again.
        if (known.building.version() !== `${row.house_id}.${row.data_version}`) {
          await known.building.externalChange();
        }
        continue;
      }
      const house = await open(row.house_id);
      made.set(house, Number(row.created_at));
      added.push(house);
    }
    for (const [id, house] of houses) {
      if (seen.has(id)) continue;
      houses.delete(id);
      house.building.close();
      removed.push(house);
    }
    for (const house of added) houses.set(house.id, house);
    for (const house of removed) await finish(house);
    for (const house of added) for (const start of starters) begin(house, start);
  };

  if (!(await houseExists(sql, defaultId))) {
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

  // Another process's commit (the CLI on SQLite): the file's data_version moves; the buildings
  // table is read again, and a building whose row counts another version re-reads its snapshot.
  // Both engines read the table every HOUSES_CHECK_MS too (PostgreSQL's other nodes: the change
  // feed tells the rest at once).
  let fileVersion: number | null = null;
  const readFileVersion = async () =>
    (await raw<{ data_version: number }>`PRAGMA data_version`.execute(sql)).rows[0]?.data_version ??
    0;
  let watching = false;
  // Real time: how often to look is no matter of the app's (possibly simulated) clock.
  let readAt = Date.now();
  const watch = async () => {
    if (watching) return;
    watching = true;
    try {
      let moved = false;
      if (engine === 'sqlite') {
        const current = await readFileVersion();
        // The file unchanged by others: the table is still read every HOUSES_CHECK_MS (a
        // change on this very connection, as the CLI's in tests, moves no data_version).
        moved = fileVersion !== null && current !== fileVersion;
        fileVersion = current;
        if (!moved && Date.now() - readAt < HOUSES_CHECK_MS) return;
      }
      readAt = Date.now();
      await reload();
      // Another process wrote the file: every building is read again, also where a writer that
      // is not ours (an installer's SQL) counted no data version. One building, usually.
      if (moved) {
        await Promise.all([...houses.values()].map((house) => house.building.externalChange()));
      }
    } catch {
      // A closed database (the server stopping) or a busy file: the next check tries again.
    } finally {
      watching = false;
    }
  };
  if (engine === 'sqlite') fileVersion = await readFileVersion();
  const timer = setInterval(
    () => void watch(),
    engine === 'sqlite' ? EXTERNAL_CHECK_MS : HOUSES_CHECK_MS,
  );
  timer.unref();
  const reload = () => {
    reloading ??= load().finally(() => {
      reloading = null;
    });
    return reloading;
  };

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
    reload,
    each(start) {
      starters.push(start);
      for (const house of houses.values()) begin(house, start);
    },
    async close() {
      clearInterval(timer);
      for (const house of houses.values()) {
        await finish(house);
        house.building.close();
      }
    },
  };
}
