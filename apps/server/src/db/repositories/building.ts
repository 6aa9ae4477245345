import type { Database } from 'better-sqlite3';

export interface RoomRow {
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
}

export interface FloorRow {
  id: number;
  name: string;
  position: number;
}

/** Floors and rooms of the building, in their display order. */
export function createBuildingRepository(db: Database) {
  const floors = db.prepare<[], FloorRow>('SELECT * FROM floors ORDER BY position, id');
  const rooms = db.prepare<[], RoomRow>('SELECT * FROM rooms ORDER BY floor_id, position, id');
  const room = db.prepare<[number], RoomRow>('SELECT * FROM rooms WHERE id = ?');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM floors');
  return {
    isEmpty(): boolean {
      return (count.get()?.n ?? 0) === 0;
    },
    listFloors(): FloorRow[] {
      return floors.all();
    },
    listRooms(): RoomRow[] {
      return rooms.all();
    },
    findRoom(id: number): RoomRow | null {
      return room.get(id) ?? null;
    },
  };
}
export type BuildingRepository = ReturnType<typeof createBuildingRepository>;
