/**
 * Our audit log's wire shapes (`GET /api/audit/`, docs/device-api.md "our extensions"): who
 * changed what, when, from where. The one source of their types (`../audit.ts`).
 */
import Type, { type Static } from 'typebox';
import type { AuditAction, AuditSource } from '../audit.js';

/**
 * A room's state before or after a change (`target`, `temporary`, `until` …), or what an
 * account event changed: a JSON object whose keys depend on the action (docs/device-api.md).
 */
export const AuditStateSchema = Type.Record(Type.String(), Type.Unknown());

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(
  schema: T,
) => Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  /** Device-local time with its UTC offset. */
  time: Type.String(),
  /** Who did it; null for the CLI (no sign-in there). */
  user: nullable(Type.String()),
  /** The room, for room changes; null for account events. */
  room: nullable(Type.Integer()),
  /** Room and floor name when the entry was written: the entry outlives renames. */
  room_name: nullable(Type.String()),
  floor: nullable(Type.String()),
  /** One of AUDIT_ACTIONS; a string on the wire, so a newer server's actions do not break it. */
  action: Type.Unsafe<AuditAction | (string & {})>(Type.String()),
  before: Type.Union([AuditStateSchema, Type.Null()]),
  after: Type.Union([AuditStateSchema, Type.Null()]),
  /** A temporary target's length in minutes; null otherwise. */
  duration_minutes: nullable(Type.Integer()),
  source: Type.Unsafe<AuditSource>(Type.String()),
});

export const AuditResponseSchema = Type.Object({
  entries: Type.Array(AuditEntrySchema),
});

/** The filters of `GET /api/audit/` (all optional; read as text and checked by the server). */
export const AuditQuerySchema = Type.Object({
  room: Type.Optional(Type.String()),
  user: Type.Optional(Type.String()),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  limit: Type.Optional(Type.String()),
  /** Ours (issue 32): only entries with a smaller id (the next page after the oldest shown). */
  before: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
});

export type AuditState = Static<typeof AuditStateSchema>;
export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditResponse = Static<typeof AuditResponseSchema>;
export type AuditQuery = Static<typeof AuditQuerySchema>;
