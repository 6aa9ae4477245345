/** Our audit log: its actions and sources; the wire shapes are in `./schemas/audit.ts`. */
export type { AuditState, AuditEntry, AuditResponse, AuditQuery } from './schemas/audit.js';

/** Changes of a room, named after the device API's write that makes them. */
export const AUDIT_ROOM_ACTIONS = ['ziel', 'soll', 'resettemp', 'betriebsart'] as const;
/** Account events. */
export const AUDIT_ACCOUNT_ACTIONS = [
  'user-added',
  'access-changed',
  'password-reset',
  'password-changed',
  'sign-in-refused',
  'user-disabled',
  'user-enabled',
  'user-removed',
  /** Ours (issue 34): a user's scope or validity changed (before/after). */
  'scope-changed',
  'validity-changed',
  /** Ours (issue 34): a member added by a manager and invited, or invited again (after: member). */
  'member-invited',
  /** Ours (issue 34): a member's e-mail or language changed by a manager (before/after). */
  'member-changed',
] as const;
/** Ours (issue 16): a room's week saved (before/after week), absences created, ended, deleted. */
export const AUDIT_SCHEDULE_ACTIONS = [
  'schedule-saved',
  'absence-created',
  'absence-ended',
  'absence-deleted',
  /** Ours (issue 32): an absence changed with `POST /api/absences/{id}/` (before/after). */
  'absence-edited',
] as const;
/** Ours (issue 32): an alarm acknowledged, alone or in a bulk acknowledge (one entry each). */
export const AUDIT_ALARM_ACTIONS = ['alarm-acknowledged'] as const;
/** Ours (issue 34): a room's limits set or removed (before/after `limits`). */
export const AUDIT_LIMITS_ACTIONS = ['limits-changed'] as const;
/**
 * Ours (issue 35): an access token created, used for the first time, revoked (`subject` the
 * owner; after: `{id, name, access, expires}`; never the secret).
 */
export const AUDIT_TOKEN_ACTIONS = ['token-created', 'token-first-used', 'token-revoked'] as const;
/**
 * Ours (issue 36): a room's zigbee2mqtt devices replaced (before/after `devices`: names); a room a
 * device was moved away from gets its own entry.
 */
export const AUDIT_DEVICE_ACTIONS = ['room-devices-changed'] as const;
export type AuditRoomAction = (typeof AUDIT_ROOM_ACTIONS)[number];
export type AuditAccountAction = (typeof AUDIT_ACCOUNT_ACTIONS)[number];
/** Every action the audit log records (schedules and absences add theirs here). */
export const AUDIT_ACTIONS = [
  ...AUDIT_ROOM_ACTIONS,
  ...AUDIT_ACCOUNT_ACTIONS,
  ...AUDIT_SCHEDULE_ACTIONS,
  ...AUDIT_ALARM_ACTIONS,
  ...AUDIT_LIMITS_ACTIONS,
  ...AUDIT_TOKEN_ACTIONS,
  ...AUDIT_DEVICE_ACTIONS,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Where a change came from: `app` (requests with `X-Raumregler-Client: web`), `api` (every other
 * client of the HTTP API), `cli` (the command line on the server), `system` (the server itself),
 * `device` (a thermostat's knob turned by hand, issue 36), `homeassistant` (a command from Home
 * Assistant over MQTT, with HA_USER's rights; issue 36).
 */
export type AuditSource = 'app' | 'api' | 'cli' | 'system' | 'device' | 'homeassistant';
/** The header the web app sends on every request, so its changes are recorded as `app`. */
export const CLIENT_HEADER = 'X-Raumregler-Client';
export const WEB_CLIENT = 'web';

/** Most entries one audit request answers, and how many without `limit`. */
export const AUDIT_LIMIT_MAX = 1000;
export const AUDIT_LIMIT_DEFAULT = 100;
/** The audit log's path under `/api` (our extension; not at the root). */
export const AUDIT_PATH = '/audit/';
