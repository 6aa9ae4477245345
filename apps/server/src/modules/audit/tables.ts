import type { Generated } from 'kysely';

/** The audit log's table (migration 003), for the query builder. */
export interface AuditLogTable {
  id: Generated<number>;
  at: number;
  /** Compared case-insensitively: `lower(username) = canonicalName(x)` (indexed, migration 017). */
  username: string | null;
  subject: string | null;
  /** The building a room's change (or an account's event in one building) concerns. */
  house_id: number | null;
  room_id: number | null;
  room_name: string | null;
  floor_name: string | null;
  action: string;
  /** JSON objects as text. */
  before: string | null;
  after: string | null;
  duration_minutes: number | null;
  source: string;
}

declare module '../../platform/database/schema.js' {
  interface Schema {
    audit_log: AuditLogTable;
  }
}
