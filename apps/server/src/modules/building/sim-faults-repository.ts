import './tables.js';
import type { Sql, Tx } from '../../platform/database/schema.js';

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
export function createSimFaultsRepository(sql: Sql, houseId: number) {
  return {
    /** The rooms with a fault; rooms without one are missing. */
    async all(): Promise<Map<number, SimFault>> {
      const rows = await sql
        .selectFrom('sim_faults')
        .select(['room_id', 'window_open', 'sensor_off', 'writes_ignored'])
        .where('house_id', '=', houseId)
        .where((where) =>
          where.or([
            where('window_open', '=', 1),
            where('sensor_off', '=', 1),
            where('writes_ignored', '=', 1),
          ]),
        )
        .execute();
      const faults = new Map<number, SimFault>();
      for (const row of rows) {
        faults.set(row.room_id, {
          windowOpen: row.window_open === 1,
          sensorOff: row.sensor_off === 1,
          writesIgnored: row.writes_ignored === 1,
        });
      }
      return faults;
    },
    /** Whether writes to the room are ignored; read on every write, also the CLI's change. */
    async writesIgnored(roomId: number): Promise<boolean> {
      const row = await sql
        .selectFrom('sim_faults')
        .select('writes_ignored')
        .where('house_id', '=', houseId)
        .where('room_id', '=', roomId)
        .executeTakeFirst();
      return row?.writes_ignored === 1;
    },
    async set(tx: Tx, roomId: number, field: SimFaultField, on: boolean): Promise<void> {
      const value = on ? 1 : 0;
      await tx
        .insertInto('sim_faults')
        .values({ house_id: houseId, room_id: roomId, [field]: value })
        .onConflict((conflict) =>
          conflict.columns(['house_id', 'room_id']).doUpdateSet({ [field]: value }),
        )
        .execute();
    },
  };
}
export type SimFaultsRepository = ReturnType<typeof createSimFaultsRepository>;
