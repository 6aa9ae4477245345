import type { Database } from 'better-sqlite3';

/** A fault of a simulated room, set with the CLI (`sim window`, `sim sensor`, `sim writes`). */
export interface SimFault {
  windowOpen: boolean;
  sensorOff: boolean;
  /** The device answers writes to the room as taken but changes nothing (migration 010). */
  writesIgnored: boolean;
}

export type SimFaultField = 'window_open' | 'sensor_off' | 'writes_ignored';

/**
 * The simulated building's faults (migration 005). The simulation reads them on every tick,
 * uncached, so the CLI's change from another process acts on the running server within a tick.
 */
export function createSimFaultsRepository(db: Database) {
  const all = db.prepare<
    [],
    { room_id: number; window_open: number; sensor_off: number; writes_ignored: number }
  >(
    `SELECT room_id, window_open, sensor_off, writes_ignored FROM sim_faults
     WHERE window_open = 1 OR sensor_off = 1 OR writes_ignored = 1`,
  );
  const ignoring = db
    .prepare<[number], number>('SELECT writes_ignored FROM sim_faults WHERE room_id = ?')
    .pluck();
  const upsert = {
    window_open: db.prepare(
      `INSERT INTO sim_faults (room_id, window_open) VALUES (?, ?)
       ON CONFLICT (room_id) DO UPDATE SET window_open = excluded.window_open`,
    ),
    sensor_off: db.prepare(
      `INSERT INTO sim_faults (room_id, sensor_off) VALUES (?, ?)
       ON CONFLICT (room_id) DO UPDATE SET sensor_off = excluded.sensor_off`,
    ),
    writes_ignored: db.prepare(
      `INSERT INTO sim_faults (room_id, writes_ignored) VALUES (?, ?)
       ON CONFLICT (room_id) DO UPDATE SET writes_ignored = excluded.writes_ignored`,
    ),
  };
  return {
    /** The rooms with a fault; rooms without one are missing. */
    all(): Map<number, SimFault> {
      const faults = new Map<number, SimFault>();
      for (const row of all.all()) {
        faults.set(row.room_id, {
          windowOpen: row.window_open === 1,
          sensorOff: row.sensor_off === 1,
          writesIgnored: row.writes_ignored === 1,
        });
      }
      return faults;
    },
    /** Whether writes to the room are ignored; read on every write, also the CLI's change. */
    writesIgnored(roomId: number): boolean {
      return ignoring.get(roomId) === 1;
    },
    set(roomId: number, field: SimFaultField, on: boolean): void {
      upsert[field].run(roomId, on ? 1 : 0);
    },
  };
}
export type SimFaultsRepository = ReturnType<typeof createSimFaultsRepository>;
