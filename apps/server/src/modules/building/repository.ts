import type { Database } from 'better-sqlite3';
import type { Floor, Room } from './building.js';
import { occurrenceChange, unrollSchedule, type Occurrence, type SwitchPoint } from './schedule.js';

interface RoomRow {
  id: number;
  floor_id: number;
  name: string;
  position: number;
  temperature: number | null;
  humidity: number | null;
  base_target: number;
  min_target: number;
  max_target: number;
  mode: string;
  temp_target: number | null;
  temp_until: number | null;
  sensor_reported_at: number | null;
  valve_open: number;
  previous_mode: string;
  limit_min: number | null;
  limit_max: number | null;
}

// Each column is named once here; the objects are built with one literal of a fixed shape (no
// spreading), so mapping the 1,000 rooms of a large building costs microseconds per answer.
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

interface PointRow extends SwitchPoint {
  room_id: number;
}

/** What the simulation writes back for one room. */
export interface SimulatedRoom {
  id: number;
  temperature: number | null;
  humidity: number | null;
  valveOpen: boolean;
  reportedAt: number | null;
}

/** A floor as a real device lists it (proxy mode's poll): ids, names and order only. */
export interface DeviceFloorPlace {
  id: number;
  name: string;
  rooms: readonly { id: number; name: string }[];
}

const NO_SCHEDULE: readonly Occurrence[] = Object.freeze([]);
export const EXTERNAL_CHECK_MS = 250;

/** Floors, rooms and weekly programmes of the building, in their display order. */
export function createBuildingRepository(db: Database, now: () => number) {
  const floors = db.prepare<[], Floor>(
    'SELECT id, name, position FROM floors ORDER BY position, id',
  );
  const rooms = db.prepare<[], RoomRow>('SELECT * FROM rooms ORDER BY floor_id, position, id');
  const room = db.prepare<[number], RoomRow>('SELECT * FROM rooms WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM floors');
  const points = db.prepare<[], PointRow>(
    'SELECT id, room_id, days, at, target FROM schedule_points ORDER BY room_id, id',
  );
  const setTemporary = db.prepare('UPDATE rooms SET temp_target = ?, temp_until = ? WHERE id = ?');
  const setBaseTarget = db.prepare('UPDATE rooms SET base_target = ? WHERE id = ?');
  const setMode = db.prepare('UPDATE rooms SET mode = ?, previous_mode = ? WHERE id = ?');
  const setLimits = db.prepare('UPDATE rooms SET limit_min = ?, limit_max = ? WHERE id = ?');
  const floorOfRoom = db.prepare<[], { id: number; floor_id: number }>(
    'SELECT id, floor_id FROM rooms',
  );
  const limitsOfRooms = db.prepare<[], { id: number; limit_min: number; limit_max: number }>(
    'SELECT id, limit_min, limit_max FROM rooms WHERE limit_min IS NOT NULL AND limit_max IS NOT NULL',
  );
  // Proxy mode: the device's floors and rooms kept in our tables (ids, names, order), each row
  // written only when it changed; the rest of a room (targets, limits, history) stays ours.
  const placeFloor = db.prepare(
    `INSERT INTO floors (id, name, position) VALUES (@id, @name, @position)
       ON CONFLICT(id) DO UPDATE SET name = excluded.name, position = excluded.position
       WHERE name IS NOT excluded.name OR position IS NOT excluded.position`,
  );
  const placeRoom = db.prepare(
    `INSERT INTO rooms (id, floor_id, name, position, base_target)
       VALUES (@id, @floorId, @name, @position, 20)
       ON CONFLICT(id) DO UPDATE SET floor_id = excluded.floor_id, name = excluded.name,
         position = excluded.position
       WHERE floor_id IS NOT excluded.floor_id OR name IS NOT excluded.name
         OR position IS NOT excluded.position`,
  );
  const placeAll = db.transaction((places: readonly DeviceFloorPlace[]) => {
    let changes = 0;
    places.forEach((floor, position) => {
      changes += placeFloor.run({ id: floor.id, name: floor.name, position }).changes;
      floor.rooms.forEach((room, at) => {
        changes += placeRoom.run({
          id: room.id,
          floorId: floor.id,
          name: room.name,
          position: at,
        }).changes;
      });
    });
    return changes;
  });
  let lastPlaces = '';
  const pointById = db.prepare<[number], PointRow>('SELECT * FROM schedule_points WHERE id = ?');
  const setPointTarget = db.prepare('UPDATE schedule_points SET target = ? WHERE id = ?');
  const setPointDays = db.prepare('UPDATE schedule_points SET days = ? WHERE id = ?');
  const insertPoint = db.prepare(
    'INSERT INTO schedule_points (room_id, days, at, target) VALUES (?, ?, ?, ?)',
  );
  const deletePoints = db.prepare('DELETE FROM schedule_points WHERE room_id = ?');
  const simulated = db.prepare(
    `UPDATE rooms SET temperature = @temperature, humidity = @humidity, valve_open = @valveOpen,
       sensor_reported_at = @reportedAt WHERE id = @id`,
  );
  const saveSimulation = db.transaction((updates: readonly SimulatedRoom[]) => {
    for (const update of updates) {
      simulated.run({ ...update, valveOpen: update.valveOpen ? 1 : 0 });
    }
  });
  const dataVersionStatement = db.prepare<[], number>('PRAGMA data_version').pluck();
  // Another process's commit (the CLI) is noticed within a quarter second; asking SQLite on
  // every polled request would cost more than the rest of a cached answer.
  let knownVersion = 0;
  let versionCheckedAt = -Infinity;
  const dataVersion = () => {
    const at = now();
    if (at - versionCheckedAt >= EXTERNAL_CHECK_MS) {
      knownVersion = dataVersionStatement.get() ?? 0;
      versionCheckedAt = at;
    }
    return knownVersion;
  };
  // Counts our own writes; data_version only moves for other connections' commits.
  let writes = 0;
  let versionWrites = -1;
  let versionData = -1;
  let versionText = '';

  // The programmes change rarely and are read on every temps call: keep them unrolled in memory.
  // data_version moves when another connection (the CLI importing a seed) writes the file.
  let schedules: Map<number, Occurrence[]> | null = null;
  let schedulesVersion = -1;
  const loadSchedules = () => {
    const version = dataVersion();
    if (schedules && version === schedulesVersion) return schedules;
    const byRoom = new Map<number, SwitchPoint[]>();
    for (const row of points.all()) {
      const list = byRoom.get(row.room_id) ?? [];
      list.push({ id: row.id, days: row.days, at: row.at, target: row.target });
      byRoom.set(row.room_id, list);
    }
    schedules = new Map([...byRoom].map(([roomId, list]) => [roomId, unrollSchedule(list)]));
    schedulesVersion = version;
    return schedules;
  };

  return {
    isEmpty(): boolean {
      return (count.get()?.n ?? 0) === 0;
    },
    listFloors(): Floor[] {
      return floors.all();
    },
    listRooms(): Room[] {
      const rows = rooms.all();
      const list = new Array<Room>(rows.length);
      for (let i = 0; i < rows.length; i++) list[i] = toRoom(rows[i]!);
      return list;
    },
    findRoom(id: number): Room | null {
      const row = room.get(id);
      return row ? toRoom(row) : null;
    },
    /** The weekly programme of a room, unrolled; empty when it has none. */
    scheduleOf(roomId: number): readonly Occurrence[] {
      return loadSchedules().get(roomId) ?? NO_SCHEDULE;
    },
    /** Every room's programme at once, for one pass over all rooms. */
    schedules(): (roomId: number) => readonly Occurrence[] {
      const all = loadSchedules();
      return (roomId) => all.get(roomId) ?? NO_SCHEDULE;
    },
    /** Changes whenever the building's data may have changed, by us or another connection. */
    version(): string {
      const data = dataVersion();
      // Asked on every polled read: build the string only when a number moved.
      if (writes !== versionWrites || data !== versionData) {
        versionWrites = writes;
        versionData = data;
        versionText = `${writes}:${data}`;
      }
      return versionText;
    },
    setTemporary(roomId: number, target: number, until: number) {
      setTemporary.run(target, until, roomId);
      writes++;
    },
    clearTemporary(roomId: number) {
      setTemporary.run(null, null, roomId);
      writes++;
    },
    setMode(roomId: number, mode: string, previousMode: string) {
      setMode.run(mode, previousMode, roomId);
      writes++;
    },
    /** The room's limits for users who do not manage it (issue 34); null removes them. */
    setLimits(roomId: number, limits: { min: number; max: number } | null) {
      setLimits.run(limits?.min ?? null, limits?.max ?? null, roomId);
      writes++;
    },
    /** Every room's floor, by room id (scopes by floor, issue 34). */
    /**
     * Proxy mode (issue 34): keeps our floors and rooms in step with the device's (the poll's
     * `temps/`): new ones are added, names, floors and order follow the device; rooms the device
     * no longer lists are kept (with their limits and history). Returns whether anything changed.
     */
    placeDeviceRooms(places: readonly DeviceFloorPlace[]): boolean {
      const key = JSON.stringify(places);
      if (key === lastPlaces) return false;
      const changed = placeAll(places) > 0;
      lastPlaces = key;
      if (changed) writes++;
      return changed;
    },
    /** The limits of every room that has them, by room id (proxy mode's `temps/`). */
    limitsByRoom(): Map<number, { min: number; max: number }> {
      return new Map(
        limitsOfRooms.all().map((row) => [row.id, { min: row.limit_min, max: row.limit_max }]),
      );
    },
    floorsOfRooms(): Map<number, number> {
      return new Map(floorOfRoom.all().map((row) => [row.id, row.floor_id]));
    },
    setBaseTarget(roomId: number, target: number) {
      setBaseTarget.run(target, roomId);
      writes++;
    },
    /**
     * Changes the target of one weekday's occurrence of a switch point (occurrenceChange decides
     * how), reading the point inside the transaction so two changes in one commit see each other.
     */
    setOccurrenceTarget(pointId: number, day: number, target: number) {
      db.transaction(() => {
        const point = pointById.get(pointId);
        if (!point) return;
        const change = occurrenceChange(point, day, target);
        if (change.kind === 'retarget') setPointTarget.run(change.target, pointId);
        else {
          setPointDays.run(change.remainingDays, pointId);
          insertPoint.run(point.room_id, change.added.days, change.added.at, change.added.target);
        }
      })();
      schedules = null;
      writes++;
    },
    /** Replaces a room's weekly programme with these rows (schedules service, issue 16). */
    replaceSchedule(roomId: number, rows: readonly Omit<SwitchPoint, 'id'>[]) {
      db.transaction(() => {
        deletePoints.run(roomId);
        for (const row of rows) insertPoint.run(roomId, row.days, row.at, row.target);
      })();
      schedules = null;
      writes++;
    },
    /** Moves version() after a write elsewhere that changes the rooms' answers (absences). */
    noteWrite() {
      writes++;
    },
    /** Writes one simulation step of every room in one transaction. */
    saveSimulation(updates: readonly SimulatedRoom[]): void {
      saveSimulation(updates);
      writes++;
    },
  };
}
export type BuildingRepository = ReturnType<typeof createBuildingRepository>;
