import type { Database } from 'better-sqlite3';
import { hashPassword } from '../../platform/auth/passwords.js';
import { createRoomDevicesRepository } from './room-devices.js';
import { WEEKDAYS, type Seed } from './seed.js';

/** Days as the schedule table stores them: bit 0 = Monday … bit 6 = Sunday. */
export function daysToMask(days: readonly string[]): number {
  return days.reduce(
    (mask, day) => mask | (1 << WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number])),
    0,
  );
}

export function timeToMinutes(at: string): number {
  const [hours, minutes] = at.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** Scope ids as the users table stores them: sorted, comma-separated ("" = none). */
const idList = (ids: readonly number[] | undefined) =>
  [...(ids ?? [])].sort((a, b) => a - b).join(',');

/**
 * Writes a checked seed into the database in one transaction: either the whole building is
 * there afterwards or nothing changed. Existing users with the same name are left alone.
 */
export async function importSeed(db: Database, seed: Seed, now: number): Promise<void> {
  // Hash first: scrypt is async and must not run inside the synchronous transaction.
  const hashes = await Promise.all(seed.users.map((user) => hashPassword(user.password)));
  const putSetting = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  const insertUser = db.prepare(
    `INSERT INTO users (username, email, password_hash, first_name, last_name, access_smart, access_pro, created_at,
       scope_floors, scope_rooms, valid_from, valid_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const upsertFloor = db.prepare(
    `INSERT INTO floors (id, name, position) VALUES (?, ?, ?)
     ON CONFLICT(id) DO UPDATE SET name = excluded.name, position = excluded.position`,
  );
  const upsertRoom = db.prepare(
    `INSERT INTO rooms (id, floor_id, name, position, temperature, humidity, base_target, mode, sensor_reported_at,
       limit_min, limit_max)
     VALUES (@id, @floorId, @name, @position, @temperature, @humidity, @target, @mode, @reportedAt,
       @limitMin, @limitMax)
     ON CONFLICT(id) DO UPDATE SET floor_id = excluded.floor_id, name = excluded.name,
       position = excluded.position, temperature = excluded.temperature, humidity = excluded.humidity,
       base_target = excluded.base_target, mode = excluded.mode, sensor_reported_at = excluded.sensor_reported_at,
       limit_min = excluded.limit_min, limit_max = excluded.limit_max`,
  );
  const clearSchedule = db.prepare('DELETE FROM schedule_points WHERE room_id = ?');
  const devices = createRoomDevicesRepository(db);
  const freeDevice = db.prepare('DELETE FROM room_devices WHERE name = ?');
  const insertPoint = db.prepare(
    'INSERT INTO schedule_points (room_id, days, at, target) VALUES (?, ?, ?, ?)',
  );
  db.transaction(() => {
    putSetting.run('building_name', seed.building.name);
    putSetting.run('house_id', String(seed.building.houseId));
    putSetting.run(
      'demo_login',
      seed.building.demoLogin ? JSON.stringify(seed.building.demoLogin) : '',
    );
    seed.users.forEach((user, index) => {
      insertUser.run(
        user.username,
        user.email,
        hashes[index],
        user.firstName,
        user.lastName,
        user.access.smart,
        user.access.pro,
        now,
        idList(user.floors),
        idList(user.rooms),
        user.validFrom ?? null,
        user.validUntil ?? null,
      );
    });
    seed.floors.forEach((floor, floorIndex) => {
      upsertFloor.run(floor.id, floor.name, floorIndex);
      floor.rooms.forEach((room, roomIndex) => {
        upsertRoom.run({
          id: room.id,
          floorId: floor.id,
          name: room.name,
          position: roomIndex,
          temperature: room.temperature,
          humidity: room.humidity ?? null,
          target: room.target,
          mode: room.mode ?? 'Heating',
          reportedAt: room.temperature === null ? null : now,
          limitMin: room.limits?.min ?? null,
          limitMax: room.limits?.max ?? null,
        });
        clearSchedule.run(room.id);
        for (const point of room.schedule ?? []) {
          insertPoint.run(room.id, daysToMask(point.days), timeToMinutes(point.at), point.target);
        }
        // The seed's word on a room's devices wins, also over another room that had one.
        for (const name of room.devices ?? []) freeDevice.run(name);
        devices.set(room.id, room.devices ?? []);
      });
    });
  })();
}
