import { sql as raw } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords.js';
import { canonicalName } from '../../platform/auth/users.js';
import type { Sql } from '../../platform/database/schema.js';
import { writeRoomDevices } from './room-devices.js';
import './tables.js';
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
 * there afterwards or nothing changed. The building is the seed's house id: its row is made or
 * renamed (`hostLabel` and where its devices are, when given, are set too), and its floors and
 * rooms are those of that house. Existing users with the same name are left alone. A running
 * server's building notices it as another connection's commit (SQLite's data_version) or by
 * its data version (the change feed, on PostgreSQL).
 */
export async function importSeed(
  sql: Sql,
  seed: Seed,
  now: number,
  place: {
    hostLabel?: string | null;
    upstreamUrl?: string | null;
    upstreamAccount?: string | null;
    z2mBaseTopic?: string | null;
    /**
     * A building added beside the server's own (`building add`): the server's settings (the
     * demo login shown on the sign-in page) stay as they are.
     */
    addedBuilding?: boolean;
  } = {},
): Promise<void> {
  const houseId = seed.building.houseId;
  // Hash first: scrypt is slow and must not hold the transaction open.
  const hashes = await Promise.all(seed.users.map((user) => hashPassword(user.password)));
  await sql.transaction().execute(async (tx) => {
    const settings = {
      demo_login: seed.building.demoLogin ? JSON.stringify(seed.building.demoLogin) : '',
    };
    for (const [key, value] of Object.entries(place.addedBuilding ? {} : settings)) {
      await tx
        .insertInto('settings')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    }
    const where = {
      ...(place.hostLabel !== undefined ? { host_label: place.hostLabel } : {}),
      ...(place.upstreamUrl !== undefined ? { upstream_url: place.upstreamUrl } : {}),
      ...(place.upstreamAccount !== undefined ? { upstream_account: place.upstreamAccount } : {}),
      ...(place.z2mBaseTopic !== undefined ? { z2m_base_topic: place.z2mBaseTopic } : {}),
    };
    await tx
      .insertInto('buildings')
      .values({ house_id: houseId, name: seed.building.name, created_at: now, ...where })
      .onConflict((conflict) =>
        conflict.column('house_id').doUpdateSet((eb) => ({
          name: seed.building.name,
          data_version: eb('buildings.data_version', '+', 1),
          ...where,
        })),
      )
      .execute();
    for (const [index, user] of seed.users.entries()) {
      // The accounts' tables (their module's): plain portable SQL. An existing name keeps its
      // account (and password) and gains the seed's access in this building.
      await raw`INSERT INTO users (username, email, password_hash, first_name, last_name,
          created_at)
        VALUES (${user.username}, ${user.email}, ${hashes[index]}, ${user.firstName},
          ${user.lastName}, ${now})
        ON CONFLICT DO NOTHING`.execute(tx);
      await raw`INSERT INTO house_access (user_id, house_id, access_smart, access_pro,
          scope_floors, scope_rooms, valid_from, valid_until)
        SELECT id, ${houseId}, ${user.access.smart}, ${user.access.pro}, ${idList(user.floors)},
          ${idList(user.rooms)}, ${user.validFrom ?? null}, ${user.validUntil ?? null}
        FROM users WHERE lower(username) = ${canonicalName(user.username)}
        ON CONFLICT (user_id, house_id) DO NOTHING`.execute(tx);
    }
    for (const [floorIndex, floor] of seed.floors.entries()) {
      await tx
        .insertInto('floors')
        .values({ house_id: houseId, id: floor.id, name: floor.name, position: floorIndex })
        .onConflict((conflict) =>
          conflict
            .columns(['house_id', 'id'])
            .doUpdateSet({ name: floor.name, position: floorIndex }),
        )
        .execute();
      for (const [roomIndex, room] of floor.rooms.entries()) {
        const values = {
          floor_id: floor.id,
          name: room.name,
          position: roomIndex,
          temperature: room.temperature,
          humidity: room.humidity ?? null,
          base_target: room.target,
          mode: room.mode ?? 'Heating',
          sensor_reported_at: room.temperature === null ? null : now,
          limit_min: room.limits?.min ?? null,
          limit_max: room.limits?.max ?? null,
        };
        await tx
          .insertInto('rooms')
          .values({ house_id: houseId, id: room.id, ...values })
          .onConflict((conflict) => conflict.columns(['house_id', 'id']).doUpdateSet(values))
          .execute();
        await tx
          .deleteFrom('schedule_points')
          .where('house_id', '=', houseId)
          .where('room_id', '=', room.id)
          .execute();
        const points = room.schedule ?? [];
        if (points.length > 0) {
          await tx
            .insertInto('schedule_points')
            .values(
              points.map((point) => ({
                house_id: houseId,
                room_id: room.id,
                days: daysToMask(point.days),
                at: timeToMinutes(point.at),
                target: point.target,
              })),
            )
            .execute();
        }
        // The seed's word on a room's devices wins, also over another room that had one.
        const devices = room.devices ?? [];
        if (devices.length > 0) {
          await tx
            .deleteFrom('room_devices')
            .where('house_id', '=', houseId)
            .where('name', 'in', devices)
            .execute();
        }
        await writeRoomDevices(tx, houseId, room.id, devices);
      }
    }
  });
}
