import { sql as raw, type Selectable } from 'kysely';
import './tables.js';
import { atCommit } from '../../platform/database/group-commit.js';
import type { Sql, Tx } from '../../platform/database/schema.js';
import type { AbsencePeriod } from './absences.js';
import { BUILDING_TOPIC, type Announce } from './changes.js';
import type { Floor, Room } from './building.js';
import { occurrenceChange, unrollSchedule, type Occurrence, type SwitchPoint } from './schedule.js';
import type { RoomsTable } from './tables.js';

type RoomRow = Selectable<RoomsTable>;

// Each column is named once here; the objects are built with one literal of a fixed shape (no
// spreading), so mapping the 1,000 rooms of a large building costs microseconds.
const toRoom = (row: RoomRow): Room => ({
  id: row.id,
  floorId: row.floor_id,
  name: row.name,
  position: row.position,
  temperature: row.temperature,
  humidity: row.humidity,
  baseTarget: row.base_target,
  minTarget: row.min_target,
  maxTarget: row.max_target,
  mode: row.mode,
  previousMode: row.previous_mode,
  temporary:
    row.temp_target !== null && row.temp_until !== null
      ? { target: row.temp_target, until: row.temp_until }
      : null,
  sensorReportedAt: row.sensor_reported_at,
  valveOpen: row.valve_open === 1,
  limits:
    row.limit_min !== null && row.limit_max !== null
      ? { min: row.limit_min, max: row.limit_max }
      : null,
});

/** What the simulation writes back for one room. */
export interface SimulatedRoom {
  id: number;
  temperature: number | null;
  humidity: number | null;
  valveOpen: boolean;
  reportedAt: number | null;
}

/** A building's row: its name, host label and where its devices are. */
export interface BuildingPlace {
  name: string;
  hostLabel: string | null;
  upstreamUrl: string | null;
  /** The device account there, sealed (platform/auth/sealed.ts; building add); null: none. */
  upstreamAccount: string | null;
  z2mBaseTopic: string | null;
}

/** A floor as a real device lists it (proxy mode's poll): ids, names and order only. */
export interface DeviceFloorPlace {
  id: number;
  name: string;
  rooms: readonly { id: number; name: string }[];
}

const NO_SCHEDULE: readonly Occurrence[] = Object.freeze([]);
const NO_ABSENCES: readonly AbsencePeriod[] = Object.freeze([]);
const NO_DEVICES: readonly string[] = Object.freeze([]);
/** Rows per statement of a simulation step (5 parameters each, below both engines' limits). */
const SIMULATION_CHUNK = 1_000;
/** More changed rooms than this are read again all at once (no list of ids). */
const ROOMS_BY_ID_MAX = 100;

/** The building as this process last read it: what every polled answer is rendered from. */
interface Snapshot {
  floors: Floor[];
  rooms: Room[];
  roomById: Map<number, Room>;
  schedules: Map<number, Occurrence[]>;
  /** Each room's absences that had not ended when they were read. */
  absences: Map<number, AbsencePeriod[]>;
  devices: Map<number, string[]>;
  deviceOwner: Map<string, number>;
}

/** What changed since the snapshot was read and must be read again. */
interface Stale {
  all: boolean;
  rooms: Set<number>;
  schedules: boolean;
  absences: boolean;
  devices: boolean;
}
const fresh = (): Stale => ({
  all: false,
  rooms: new Set(),
  schedules: false,
  absences: false,
  devices: false,
});
/** Most room ids one announcement names; more: the other nodes read every room again. */
const ANNOUNCED_ROOMS_MAX = 200;

/** What a commit changed of a building, as its announcement to the other nodes says it. */
function describeChange(what: Stale): { parts?: string[]; rooms?: number[] } {
  if (what.all || what.rooms.size > ANNOUNCED_ROOMS_MAX) return {};
  const parts = (['schedules', 'absences', 'devices'] as const).filter((part) => what[part]);
  return { parts: what.rooms.size > 0 ? [...parts, 'rooms'] : parts, rooms: [...what.rooms] };
}

/** Marks stale what another node's announcement names (without parts: everything). */
function applyChange(
  stale: Stale,
  change: { parts?: readonly string[]; rooms?: readonly number[] },
) {
  if (!change.parts) {
    stale.all = true;
    return;
  }
  for (const part of change.parts) {
    if (part === 'schedules' || part === 'absences' || part === 'devices') stale[part] = true;
    else if (part !== 'rooms') stale.all = true;
  }
  for (const id of change.rooms ?? []) stale.rooms.add(id);
}

const isStale = (stale: Stale) =>
  stale.all || stale.rooms.size > 0 || stale.schedules || stale.absences || stale.devices;

/**
 * Floors, rooms, weekly programmes, the absences not over yet and the rooms' devices: the
 * building's store, the only code that knows its tables (with absences-repository.ts,
 * room-devices.ts and sim-faults-repository.ts).
 *
 * Polled answers read the building on every request, so its reads are synchronous, from a
 * snapshot in memory read through `sql`; `version()` names the snapshot (answer caches and ETags
 * key on it). Writes run on a commit's transaction (`tx`) and mark what they touched; the
 * writer calls `refresh()` once its commit is on disk, which reads those rows again and moves
 * the version. Every write also counts in the building row's `data_version` (`mark`): another
 * process's or node's commit is noticed by houses.ts (SQLite's file data_version, the buildings
 * table read every second, the change feed), which calls `externalChange()`.
 */
export function createBuildingRepository(
  sql: Sql,
  now: () => number,
  houseId: number,
  /** Tells the other nodes of a write, inside its commit (the change feed; none in tests). */
  announce: Announce = async () => undefined,
) {
  let snapshot: Snapshot = {
    floors: [],
    rooms: [],
    roomById: new Map(),
    schedules: new Map(),
    absences: new Map(),
    devices: new Map(),
    deviceOwner: new Map(),
  };
  let stale: Stale = { ...fresh(), all: true };
  let versionText = '0';
  /** The building's row as last read with the snapshot: its name and where its devices are. */
  let place: BuildingPlace = {
    name: '',
    hostLabel: null,
    upstreamUrl: null,
    upstreamAccount: null,
    z2mBaseTopic: null,
  };
  let loading: Promise<void> | null = null;

  const readRooms = async (db: Sql | Tx, ids?: readonly number[]) => {
    let query = db.selectFrom('rooms').selectAll().where('house_id', '=', houseId);
    if (ids) query = query.where('id', 'in', ids);
    const rows = await query.orderBy('floor_id').orderBy('position').orderBy('id').execute();
    const list = new Array<Room>(rows.length);
    for (let i = 0; i < rows.length; i++) list[i] = toRoom(rows[i]!);
    return list;
  };
  const readSchedules = async (db: Sql | Tx, roomId?: number) => {
    let query = db
      .selectFrom('schedule_points')
      .select(['id', 'room_id', 'days', 'at', 'target'])
      .where('house_id', '=', houseId);
    if (roomId !== undefined) query = query.where('room_id', '=', roomId);
    const rows = await query.orderBy('room_id').orderBy('id').execute();
    const byRoom = new Map<number, SwitchPoint[]>();
    for (const row of rows) {
      let list = byRoom.get(row.room_id);
      if (!list) byRoom.set(row.room_id, (list = []));
      list.push({ id: row.id, days: row.days, at: row.at, target: row.target });
    }
    return new Map([...byRoom].map(([id, points]) => [id, unrollSchedule(points)]));
  };
  const readAbsences = async (db: Sql | Tx) => {
    const rows = await db
      .selectFrom('absences as a')
      .innerJoin('absence_rooms as r', 'r.absence_id', 'a.id')
      .select(['r.room_id', 'a.id', 'a.starts_at', 'a.ends_at', 'a.target'])
      .where('a.house_id', '=', houseId)
      .where('a.ends_at', '>', now())
      .orderBy('a.starts_at')
      .orderBy('a.id')
      .execute();
    const map = new Map<number, AbsencePeriod[]>();
    for (const row of rows) {
      let list = map.get(row.room_id);
      if (!list) map.set(row.room_id, (list = []));
      list.push({ id: row.id, from: row.starts_at, to: row.ends_at, target: row.target });
    }
    return map;
  };
  const readDevices = async (db: Sql | Tx) => {
    const rows = await db
      .selectFrom('room_devices')
      .select(['room_id', 'name'])
      .where('house_id', '=', houseId)
      .orderBy('room_id')
      .orderBy('position')
      .execute();
    const devices = new Map<number, string[]>();
    const owner = new Map<string, number>();
    for (const row of rows) {
      let names = devices.get(row.room_id);
      if (!names) devices.set(row.room_id, (names = []));
      names.push(row.name);
      owner.set(row.name, row.room_id);
    }
    return { devices, owner };
  };

  /**
   * Every write of the building counts in its row's `data_version` and is announced to the other
   * nodes, in the writing commit: the snapshot's version is the count it was read at, the same
   * on every node (ETags hold across nodes, issue 37).
   */
  // What each open commit changed of the building, told to the other nodes at its end.
  const changedIn = new WeakMap<Tx, Stale>();
  /**
   * Marks what a write changed: this node reads it again after the commit (`refresh`), and at
   * the commit's end the building's version moves and the other nodes hear what changed (the
   * rooms by id, or the part: programmes, absences, devices, everything). Once per building
   * and group, at its end (atCommit: no deadlock between nodes' groups).
   */
  const mark = (tx: Tx, change: (what: Stale) => void) => {
    change(stale);
    let changed = changedIn.get(tx);
    if (!changed) changedIn.set(tx, (changed = fresh()));
    change(changed);
    return atCommit(tx, `building:${String(houseId).padStart(7, '0')}`, async (end) => {
      const what = changedIn.get(tx) ?? { ...fresh(), all: true };
      changedIn.delete(tx);
      await end
        .updateTable('buildings')
        .set((eb) => ({ data_version: eb('data_version', '+', 1) }))
        .where('house_id', '=', houseId)
        .execute();
      await announce(end, { house: houseId, topic: BUILDING_TOPIC, ...describeChange(what) });
    });
  };

  /** Reads what `what` marks and swaps it into a new snapshot (one consistent read). */
  const load = async (what: Stale) => {
    await sql.transaction().execute(async (trx) => {
      const next: Snapshot = { ...snapshot };
      if (what.all) {
        next.floors = await trx
          .selectFrom('floors')
          .select(['id', 'name', 'position'])
          .where('house_id', '=', houseId)
          .orderBy('position')
          .orderBy('id')
          .execute();
        next.rooms = await readRooms(trx);
        next.roomById = new Map(next.rooms.map((room) => [room.id, room]));
      } else if (what.rooms.size > ROOMS_BY_ID_MAX) {
        // A simulation step: every room's values, in the same order.
        next.rooms = await readRooms(trx);
        next.roomById = new Map(next.rooms.map((room) => [room.id, room]));
      } else if (what.rooms.size > 0) {
        // Only values of these rooms changed (their floor and order stay): replace them in place.
        const changed = await readRooms(trx, [...what.rooms]);
        next.roomById = new Map(snapshot.roomById);
        for (const room of changed) next.roomById.set(room.id, room);
        next.rooms = snapshot.rooms.map((room) => next.roomById.get(room.id) ?? room);
      }
      if (what.all || what.schedules) next.schedules = await readSchedules(trx);
      if (what.all || what.absences) next.absences = await readAbsences(trx);
      if (what.all || what.devices) {
        const { devices, owner } = await readDevices(trx);
        next.devices = devices;
        next.deviceOwner = owner;
      }
      const row = await trx
        .selectFrom('buildings')
        .select([
          'name',
          'host_label',
          'upstream_url',
          'upstream_account',
          'z2m_base_topic',
          'data_version',
        ])
        .where('house_id', '=', houseId)
        .executeTakeFirst();
      snapshot = next;
      if (row) {
        place = {
          name: row.name,
          hostLabel: row.host_label,
          upstreamUrl: row.upstream_url,
          upstreamAccount: row.upstream_account,
          z2mBaseTopic: row.z2m_base_topic,
        };
      }
      versionText = `${houseId}.${row?.data_version ?? 0}`;
    });
  };

  /** Reads again what changed, until nothing is stale; concurrent callers share the reading. */
  const refresh = (): Promise<void> => {
    if (loading) return loading.then(() => (isStale(stale) ? refresh() : undefined));
    if (!isStale(stale)) return Promise.resolve();
    const what = stale;
    stale = fresh();
    loading = load(what)
      .catch((error: unknown) => {
        // Read it all again next time: the snapshot may lack what was marked.
        stale.all = true;
        throw error;
      })
      .finally(() => {
        loading = null;
      });
    return loading.then(() => (isStale(stale) ? refresh() : undefined));
  };

  let lastPlaces = '';
  const touch = (tx: Tx, roomId: number) => mark(tx, (what) => what.rooms.add(roomId));

  return {
    /**
     * Reads again what this process's writes marked: call it after their commit settled, never
     * inside a commit's work (on SQLite it would wait for the commit's own connection).
     */
    refresh,
    /**
     * Another process or node changed the building: read all of it again. PostgreSQL's hook
     * (fed by LISTEN/NOTIFY in a later step); SQLite notices the CLI by itself.
     */
    externalChange(): Promise<void> {
      stale.all = true;
      return refresh();
    },
    /**
     * Another node changed these parts of the building (its announcement, `describeChange`):
     * read them again; without parts, all of it.
     */
    changedElsewhere(change: { parts?: readonly string[]; rooms?: readonly number[] }) {
      applyChange(stale, change);
      return refresh();
    },
    /** Whether the database holds no building yet (asked before anything is read). */
    async isEmpty(): Promise<boolean> {
      const row = await sql
        .selectFrom('floors')
        .select('id')
        .where('house_id', '=', houseId)
        .limit(1)
        .executeTakeFirst();
      return row === undefined;
    },
    listFloors(): Floor[] {
      return snapshot.floors;
    },
    listRooms(): Room[] {
      return snapshot.rooms;
    },
    findRoom(id: number): Room | null {
      return snapshot.roomById.get(id) ?? null;
    },
    /** The room as it is inside a commit (`tx`), with the commit's earlier writes. */
    async roomIn(tx: Tx, id: number): Promise<Room | null> {
      return (await readRooms(tx, [id]))[0] ?? null;
    },
    /** The room's weekly programme inside a commit (`tx`), unrolled. */
    async scheduleIn(tx: Tx, roomId: number): Promise<readonly Occurrence[]> {
      return (await readSchedules(tx, roomId)).get(roomId) ?? NO_SCHEDULE;
    },
    /** The weekly programme of a room, unrolled; empty when it has none. */
    scheduleOf(roomId: number): readonly Occurrence[] {
      return snapshot.schedules.get(roomId) ?? NO_SCHEDULE;
    },
    /** Every room's programme at once, for one pass over all rooms. */
    schedules(): (roomId: number) => readonly Occurrence[] {
      const all = snapshot.schedules;
      return (roomId) => all.get(roomId) ?? NO_SCHEDULE;
    },
    /** Each room's absences not over when last read (the room view checks the instants). */
    absences(): (roomId: number) => readonly AbsencePeriod[] {
      const all = snapshot.absences;
      return (roomId) => all.get(roomId) ?? NO_ABSENCES;
    },
    /** A room's zigbee2mqtt device names in their order (issue 36). */
    devicesOf(roomId: number): readonly string[] {
      return snapshot.devices.get(roomId) ?? NO_DEVICES;
    },
    /** Every room with devices: room id → names in order. */
    devices(): ReadonlyMap<number, readonly string[]> {
      return snapshot.devices;
    },
    /** The room that has this device, or null. */
    deviceOwner(name: string): number | null {
      return snapshot.deviceOwner.get(name) ?? null;
    },
    /**
     * Names the building's data as last read: its house id and the row's data version, the same
     * on every node. Synchronous and cheap (asked on every polled read).
     */
    version(): string {
      return versionText;
    },
    /** Nothing runs in the background: the buildings' one watch is in houses.ts. */
    close() {},
    async setTemporary(tx: Tx, roomId: number, target: number, until: number) {
      await tx
        .updateTable('rooms')
        .set({ temp_target: target, temp_until: until })
        .where('house_id', '=', houseId)
        .where('id', '=', roomId)
        .execute();
      await touch(tx, roomId);
    },
    async clearTemporary(tx: Tx, roomId: number) {
      await tx
        .updateTable('rooms')
        .set({ temp_target: null, temp_until: null })
        .where('house_id', '=', houseId)
        .where('id', '=', roomId)
        .execute();
      await touch(tx, roomId);
    },
    async setMode(tx: Tx, roomId: number, mode: string, previousMode: string) {
      await tx
        .updateTable('rooms')
        .set({ mode, previous_mode: previousMode })
        .where('house_id', '=', houseId)
        .where('id', '=', roomId)
        .execute();
      await touch(tx, roomId);
    },
    /** The room's limits for users who do not manage it (issue 34); null removes them. */
    async setLimits(tx: Tx, roomId: number, limits: { min: number; max: number } | null) {
      await tx
        .updateTable('rooms')
        .set({ limit_min: limits?.min ?? null, limit_max: limits?.max ?? null })
        .where('house_id', '=', houseId)
        .where('id', '=', roomId)
        .execute();
      await touch(tx, roomId);
    },
    async setBaseTarget(tx: Tx, roomId: number, target: number) {
      await tx
        .updateTable('rooms')
        .set({ base_target: target })
        .where('house_id', '=', houseId)
        .where('id', '=', roomId)
        .execute();
      await touch(tx, roomId);
    },
    /**
     * Proxy mode (issue 34): keeps our floors and rooms in step with the device's (the poll's
     * `temps/`): new ones are added, names, floors and order follow the device; rooms the device
     * no longer lists are kept (with their limits and history). Each row is written only when it
     * changed. Returns whether anything changed.
     */
    async placeDeviceRooms(tx: Tx, places: readonly DeviceFloorPlace[]): Promise<boolean> {
      // Each poll hands the same places while the device's building stays as it is.
      const key = JSON.stringify(places);
      if (key === lastPlaces) return false;
      let changes = 0n;
      for (const [position, floor] of places.entries()) {
        const result = await tx
          .insertInto('floors')
          .values({ house_id: houseId, id: floor.id, name: floor.name, position })
          .onConflict((conflict) =>
            conflict
              .columns(['house_id', 'id'])
              .doUpdateSet({ name: floor.name, position })
              // NOT NULL columns: <> compares them on both engines.
              .where((where) =>
                where.or([
                  where('floors.name', '<>', floor.name),
                  where('floors.position', '<>', position),
                ]),
              ),
          )
          .executeTakeFirst();
        changes += result.numInsertedOrUpdatedRows ?? 0n;
        for (const [at, room] of floor.rooms.entries()) {
          const placed = await tx
            .insertInto('rooms')
            .values({
              house_id: houseId,
              id: room.id,
              floor_id: floor.id,
              name: room.name,
              position: at,
              base_target: 20,
            })
            .onConflict((conflict) =>
              conflict
                .columns(['house_id', 'id'])
                .doUpdateSet({ floor_id: floor.id, name: room.name, position: at })
                .where((where) =>
                  where.or([
                    where('rooms.floor_id', '<>', floor.id),
                    where('rooms.name', '<>', room.name),
                    where('rooms.position', '<>', at),
                  ]),
                ),
            )
            .executeTakeFirst();
          changes += placed.numInsertedOrUpdatedRows ?? 0n;
        }
      }
      lastPlaces = key;
      if (changes > 0n) {
        await mark(tx, (what) => {
          what.all = true;
        });
      }
      return changes > 0n;
    },
    /** The limits of every room that has them, by room id (proxy mode's `temps/`). */
    limitsByRoom(): Map<number, { min: number; max: number }> {
      const limits = new Map<number, { min: number; max: number }>();
      for (const room of snapshot.rooms) if (room.limits) limits.set(room.id, room.limits);
      return limits;
    },
    /** Every room's floor, by room id (scopes by floor, issue 34). */
    floorsOfRooms(): Map<number, number> {
      return new Map(snapshot.rooms.map((room) => [room.id, room.floorId]));
    },
    /**
     * Changes the target of one weekday's occurrence of a switch point (occurrenceChange decides
     * how), reading the point on the commit's transaction so two changes in one commit see each
     * other.
     */
    async setOccurrenceTarget(tx: Tx, pointId: number, day: number, target: number) {
      const point = await tx
        .selectFrom('schedule_points')
        .selectAll()
        .where('house_id', '=', houseId)
        .where('id', '=', pointId)
        .executeTakeFirst();
      if (!point) return;
      const change = occurrenceChange(point, day, target);
      if (change.kind === 'retarget') {
        await tx
          .updateTable('schedule_points')
          .set({ target: change.target })
          .where('id', '=', pointId)
          .execute();
      } else {
        await tx
          .updateTable('schedule_points')
          .set({ days: change.remainingDays })
          .where('id', '=', pointId)
          .execute();
        await tx
          .insertInto('schedule_points')
          .values({ house_id: houseId, room_id: point.room_id, ...change.added })
          .execute();
      }
      await mark(tx, (what) => {
        what.schedules = true;
      });
    },
    /** Replaces a room's weekly programme with these rows (schedules service, issue 16). */
    async replaceSchedule(tx: Tx, roomId: number, rows: readonly Omit<SwitchPoint, 'id'>[]) {
      await tx
        .deleteFrom('schedule_points')
        .where('house_id', '=', houseId)
        .where('room_id', '=', roomId)
        .execute();
      if (rows.length > 0) {
        await tx
          .insertInto('schedule_points')
          .values(
            rows.map((row) => ({
              house_id: houseId,
              room_id: roomId,
              days: row.days,
              at: row.at,
              target: row.target,
            })),
          )
          .execute();
      }
      await mark(tx, (what) => {
        what.schedules = true;
      });
    },
    /** Marks the absences to be read again (absences-repository.ts's writes, in their commit). */
    async absencesChanged(tx: Tx) {
      await mark(tx, (what) => {
        what.absences = true;
      });
    },
    /** Marks the rooms' devices to be read again (room-devices.ts's writes, in their commit). */
    async devicesChanged(tx: Tx) {
      await mark(tx, (what) => {
        what.devices = true;
      });
    },
    /** Marks everything to be read again (a seed imported, a building's rooms replaced). */
    async allChanged(tx: Tx) {
      await mark(tx, (what) => {
        what.all = true;
      });
    },
    /** The house id this repository reads and writes. */
    houseId,
    /** The building's name, host label and devices, as read with the snapshot. */
    place(): BuildingPlace {
      return place;
    },
    /**
     * Writes one simulation step of every room: one statement per 1,000 rooms (a list of values
     * joined to the rooms), in the commit's transaction.
     */
    async saveSimulation(tx: Tx, updates: readonly SimulatedRoom[]): Promise<void> {
      for (let start = 0; start < updates.length; start += SIMULATION_CHUNK) {
        const chunk = updates.slice(start, start + SIMULATION_CHUNK);
        // The casts give PostgreSQL the values' types (SQLite reads them as affinities).
        const values = raw.join(
          chunk.map(
            (room) =>
              raw`(CAST(${room.id} AS bigint), CAST(${room.temperature} AS double precision),
                CAST(${room.humidity} AS double precision), CAST(${room.valveOpen ? 1 : 0} AS integer),
                CAST(${room.reportedAt} AS bigint))`,
          ),
        );
        await raw`WITH step (id, temperature, humidity, valve_open, reported_at) AS (VALUES ${values})
          UPDATE rooms SET temperature = step.temperature, humidity = step.humidity,
            valve_open = step.valve_open, sensor_reported_at = step.reported_at
          FROM step WHERE rooms.house_id = ${houseId} AND rooms.id = step.id`.execute(tx);
      }
      if (updates.length > 0) {
        await mark(tx, (what) => {
          for (const room of updates) what.rooms.add(room.id);
        });
      }
    },
  };
}
export type BuildingRepository = ReturnType<typeof createBuildingRepository>;
