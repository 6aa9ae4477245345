import type { Database } from 'better-sqlite3';

/**
 * One entry as the app writes it. Without `roomName` the room's and its floor's names are taken
 * from the building as they are now.
 */
export interface NewAuditEntry {
  at: number;
  username: string | null;
  subject?: string | null;
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

interface AuditRow {
  id: number;
  at: number;
  username: string | null;
  subject: string | null;
  room_id: number | null;
  room_name: string | null;
  floor_name: string | null;
  action: string;
  before: string | null;
  after: string | null;
  duration_minutes: number | null;
  source: string;
}

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
 * The audit log's store, the only code that knows its table (decision 31: a PostgreSQL store
 * can replace this module). Writes are synchronous statements on the caller's connection, so an
 * entry written inside a transaction commits, or not, with the change it describes.
 */
export function createAuditRepository(db: Database) {
  // The names are copied from the building in the same statement, as they are at this instant.
  const insert = db.prepare(
    `INSERT INTO audit_log (at, username, subject, room_id, room_name, floor_name, action,
       before, after, duration_minutes, source)
     VALUES (@at, @username, @subject, @roomId,
       CASE WHEN @lookup THEN (SELECT name FROM rooms WHERE id = @roomId) ELSE @roomName END,
       CASE WHEN @lookup THEN (SELECT f.name FROM rooms r JOIN floors f ON f.id = r.floor_id
                               WHERE r.id = @roomId) ELSE @floorName END,
       @action, @before, @after, @durationMinutes, @source)`,
  );
  const hasRoom = db.prepare<[number], { one: number }>(
    'SELECT 1 AS one FROM audit_log WHERE room_id = ? LIMIT 1',
  );
  // One statement per filter combination, prepared on first use (at most 64).
  const lists = new Map<string, ReturnType<Database['prepare']>>();
  const listStatement = (filter: AuditFilter) => {
    const where: string[] = [];
    if (filter.roomId !== undefined) where.push('room_id = @roomId');
    if (filter.username !== undefined) {
      where.push('(username = @username OR subject = @username)');
    }
    if (filter.from !== undefined) where.push('at >= @from');
    if (filter.to !== undefined) where.push('at < @to');
    if (filter.before !== undefined) where.push('id < @before');
    if (filter.roomIds !== undefined)
      where.push('room_id IN (SELECT value FROM json_each(@roomIds))');
    const key = where.join(' AND ');
    let statement = lists.get(key);
    if (!statement) {
      statement = db.prepare(
        `SELECT * FROM audit_log ${key ? `WHERE ${key}` : ''} ORDER BY at DESC, id DESC LIMIT @limit`,
      );
      lists.set(key, statement);
    }
    return statement;
  };

  return {
    insert(entry: NewAuditEntry): number {
      return Number(
        insert.run({
          at: entry.at,
          username: entry.username,
          subject: entry.subject ?? null,
          roomId: entry.roomId ?? null,
          lookup: entry.roomName === undefined ? 1 : 0,
          roomName: entry.roomName ?? null,
          floorName: entry.floorName ?? null,
          action: entry.action,
          before: entry.before ? JSON.stringify(entry.before) : null,
          after: entry.after ? JSON.stringify(entry.after) : null,
          durationMinutes: entry.durationMinutes ?? null,
          source: entry.source,
        }).lastInsertRowid,
      );
    },
    /** Newest first. */
    list(filter: AuditFilter): AuditRecord[] {
      const params: Record<string, unknown> = { limit: filter.limit };
      if (filter.roomId !== undefined) params.roomId = filter.roomId;
      if (filter.username !== undefined) params.username = filter.username;
      if (filter.from !== undefined) params.from = filter.from;
      if (filter.to !== undefined) params.to = filter.to;
      if (filter.before !== undefined) params.before = filter.before;
      if (filter.roomIds !== undefined) params.roomIds = JSON.stringify(filter.roomIds);
      return (listStatement(filter).all(params) as AuditRow[]).map(toRecord);
    },
    /** Whether any entry names this room (a removed room's entries stay findable). */
    hasRoom(roomId: number): boolean {
      return hasRoom.get(roomId) !== undefined;
    },
  };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
