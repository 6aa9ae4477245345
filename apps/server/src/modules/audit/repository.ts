import { sql as raw, type Selectable } from 'kysely';
import './tables.js';
import { canonicalName } from '../../platform/auth/users.js';
import type { Sql, Tx } from '../../platform/database/schema.js';
import type { AuditLogTable } from './tables.js';

/**
 * One entry as the app writes it. Without `roomName` the room's and its floor's names are taken
 * from the building as they are now.
 */
export interface NewAuditEntry {
  at: number;
  username: string | null;
  subject?: string | null;
  /** The building the entry concerns (a room's always; an account event's if in one). */
  houseId?: number | null;
  roomId?: number | null;
  /** Names to store instead of the building's (proxy mode: the device's; null: unknown). */
  roomName?: string | null;
  floorName?: string | null;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  durationMinutes?: number | null;
  source: string;
}

export interface AuditRecord {
  id: number;
  at: number;
  username: string | null;
  subject: string | null;
  roomId: number | null;
  roomName: string | null;
  floorName: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  durationMinutes: number | null;
  source: string;
}

export interface AuditFilter {
  /**
   * Only the entries of this building, and those of no building (an account's own events: a
   * password changed, a sign-in refused) about its members; with `withGlobal` all of those.
   */
  houseId?: number;
  withGlobal?: boolean;
  roomId?: number;
  /** The actor or the account an event concerns (case-insensitive). */
  username?: string;
  /** Epoch ms, inclusive. */
  from?: number;
  /** Epoch ms, exclusive. */
  to?: number;
  /** Only entries with a smaller id (paging on past the oldest one shown). */
  before?: number;
  /**
   * Only entries of these rooms (issue 34: a scoped user's); entries without a room (account
   * events) are left out too. Missing: every entry.
   */
  roomIds?: readonly number[];
  limit: number;
}

type AuditRow = Selectable<AuditLogTable>;

const json = (text: string | null) =>
  text === null ? null : (JSON.parse(text) as Record<string, unknown>);

const toRecord = (row: AuditRow): AuditRecord => ({
  id: row.id,
  at: row.at,
  username: row.username,
  subject: row.subject,
  roomId: row.room_id,
  roomName: row.room_name,
  floorName: row.floor_name,
  action: row.action,
  before: json(row.before),
  after: json(row.after),
  durationMinutes: row.duration_minutes,
  source: row.source,
});

/**
 * The audit log's store, the only code that knows its table. Entries are written on the
 * commit's transaction (`tx`), so an entry commits, or not, with the change it describes.
 */
export function createAuditRepository(sql: Sql) {
  return {
    async insert(tx: Tx, entry: NewAuditEntry): Promise<number> {
      const roomId = entry.roomId ?? null;
      const houseId = entry.houseId ?? null;
      // Without names given, the room's and its floor's are copied in the same statement, as
      // they are at this instant.
      const lookup = entry.roomName === undefined;
      const row = await tx
        .insertInto('audit_log')
        .values({
          at: entry.at,
          username: entry.username,
          subject: entry.subject ?? null,
          house_id: houseId,
          room_id: roomId,
          room_name: lookup
            ? raw<string | null>`(SELECT name FROM rooms WHERE house_id = ${houseId}
                AND id = ${roomId})`
            : (entry.roomName ?? null),
          floor_name: lookup
            ? raw<string | null>`(SELECT f.name FROM rooms r
                JOIN floors f ON f.house_id = r.house_id AND f.id = r.floor_id
                WHERE r.house_id = ${houseId} AND r.id = ${roomId})`
            : (entry.floorName ?? null),
          action: entry.action,
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
          duration_minutes: entry.durationMinutes ?? null,
          source: entry.source,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** Newest first. */
    async list(filter: AuditFilter): Promise<AuditRecord[]> {
      if (filter.roomIds?.length === 0) return [];
      let query = sql.selectFrom('audit_log').selectAll();
      const { houseId } = filter;
      if (houseId !== undefined) {
        // The building's members by name as the audit compares names (lower(), as below).
        const members = sql
          .selectFrom('users')
          .innerJoin('house_access', 'house_access.user_id', 'users.id')
          .select((eb) => eb.fn<string>('lower', ['users.username']).as('name'))
          .where('house_access.house_id', '=', houseId);
        query = query.where((where) =>
          where.or([
            where('house_id', '=', houseId),
            filter.withGlobal
              ? where('house_id', 'is', null)
              : where.and([
                  where('house_id', 'is', null),
                  where.or([
                    where(where.fn('lower', ['username']), 'in', members),
                    where(where.fn('lower', ['subject']), 'in', members),
                  ]),
                ]),
          ]),
        );
      }
      if (filter.roomId !== undefined) query = query.where('room_id', '=', filter.roomId);
      const { username } = filter;
      // Case-insensitive on both engines: lower() of the column (indexed, migration 017 and
      // postgres 001) against the name folded the same way (A–Z only).
      if (username !== undefined) {
        const name = canonicalName(username);
        query = query.where((where) =>
          where.or([
            where(where.fn('lower', ['username']), '=', name),
            where(where.fn('lower', ['subject']), '=', name),
          ]),
        );
      }
      if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('at', '<', filter.to);
      if (filter.before !== undefined) query = query.where('id', '<', filter.before);
      if (filter.roomIds !== undefined) query = query.where('room_id', 'in', filter.roomIds);
      const rows = await query
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
      return rows.map(toRecord);
    },
    /** Whether any entry names this room of the building (a removed room's stay findable). */
    async hasRoom(houseId: number, roomId: number): Promise<boolean> {
      const row = await sql
        .selectFrom('audit_log')
        .select('id')
        .where('house_id', '=', houseId)
        .where('room_id', '=', roomId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
