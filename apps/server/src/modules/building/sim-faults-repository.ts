import type { Database } from 'better-sqlite3';

/** A fault of a simulated room, set with the CLI (`sim window`, `sim sensor`). */
export interface SimFault {
  windowOpen: boolean;
  sensorOff: boolean;
}

export type SimFaultField = 'window_open' | 'sensor_off';

/**
 * The simulated building's faults (migration 005). The simulation reads them on every tick,
 * uncached, so the CLI's change from another process acts on the running server within a tick.
 */
export function createSimFaultsRepository(db: Database) {
  const all = db.prepare<[], { room_id: number; window_open: number; sensor_off: number }>(
    'SELECT room_id, window_open, sensor_off FROM sim_faults WHERE window_open = 1 OR sensor_off = 1',
  );
  const upsert = {
    window_open: db.prepare(
      `INSERT INTO sim_faults (room_id, window_open) VALUES (?, ?)
       ON CONFLICT (room_id) DO UPDATE SET window_open = excluded.window_open`,
    ),
    sensor_off: db.prepare(
      `INSERT INTO sim_faults (room_id, sensor_off) VALUES (?, ?)
       ON CONFLICT (room_id) DO UPDATE SET sensor_off = excluded.sensor_off`,
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
        });
      }
      return faults;
    },
    set(roomId: number, field: SimFaultField, on: boolean): void {
      upsert[field].run(roomId, on ? 1 : 0);
    },
  };
}
export type SimFaultsRepository = ReturnType<typeof createSimFaultsRepository>;
