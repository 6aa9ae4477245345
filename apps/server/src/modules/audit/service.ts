import {
  AUDIT_LIMIT_DEFAULT,
  CLIENT_HEADER,
  WEB_CLIENT,
  type AuditEntry,
  type AuditSource,
} from '@raumregler/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createAuditRepository, type AuditFilter, type AuditRecord } from './repository.js';
import type { Clock } from '../../platform/clock/clock.js';
import type { Tx } from '../../platform/database/schema.js';
import { toOffsetIso } from '../../platform/clock/local-time.js';

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

/**
 * Who gives a command, and from where (the audit log's `source`: `app` for the web app's
 * requests, `api` for every other HTTP client, `cli` for the command line, `homeassistant` for a
 * command from Home Assistant over MQTT, made with HA_USER's rights). Every room command
 * names one, so the audit log records it without another parameter on every caller.
 */
export type Actor =
  | { kind: 'user'; userId: number; username: string; source: 'app' | 'api' | 'homeassistant' }
  | { kind: 'cli'; source: 'cli' }
  | { kind: 'system'; name: string; source: 'system' }
  /** A thermostat's knob turned by hand (issue 36): `name` is its zigbee2mqtt friendly name. */
  | { kind: 'device'; name: string; source: 'device' };

/** Who an entry names: an actor of the room commands, or a user name and a source. */
export type AuditWho = { actor: Actor } | { user: string | null; source: AuditSource };

/** One entry to record: general enough for room changes, schedules, absences and accounts. */
export type AuditInput = AuditWho & {
  /** `ziel`, `soll`, `user-added` … (AUDIT_ACTIONS in the contract). */
  action: string;
  /** The room a change concerns; its and its floor's names are stored as they are now. */
  roomId?: number | null;
  /** The building of the room (default: the server's own, HOUSE_ID), or of an account event. */
  houseId?: number | null;
  /** Names to store instead of the building's (proxy mode: the device's room; null: unknown). */
  roomName?: string | null;
  floorName?: string | null;
  /** The account an account event concerns (the user filter finds it too). */
  subject?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  durationMinutes?: number | null;
};

/** `app` for the web app (it sends `X-Raumregler-Client: web`), `api` for every other client. */
export const requestSource = (request: FastifyRequest): 'app' | 'api' =>
  request.headers[CLIENT_HEADER.toLowerCase()] === WEB_CLIENT ? 'app' : 'api';

/** The signed-in user of a request as the actor of its commands. */
export const requestActor = (request: FastifyRequest): Actor => ({
  kind: 'user',
  userId: request.user!.id,
  username: request.user!.username,
  source: requestSource(request),
});

const whoOf = (who: AuditWho): { user: string | null; source: AuditSource } => {
  if ('user' in who) return { user: who.user, source: who.source };
  const { actor } = who;
  if (actor.kind === 'user') return { user: actor.username, source: actor.source };
  if (actor.kind === 'system' || actor.kind === 'device') {
    return { user: actor.name, source: actor.source };
  }
  return { user: null, source: actor.source };
};

/**
 * The audit log's service. `record` writes on a commit's transaction: call it inside the
 * commit's work (`app.commit(async (tx) => { …change…; await app.audit.record(tx, …) })`), so the
 * entry commits with the change, or not at all when the work throws.
 */
export function createAudit({
  repository,
  clock,
  houseId: ownHouseId,
}: {
  repository: ReturnType<typeof createAuditRepository>;
  clock: Pick<Clock, 'now' | 'local'>;
  /** The server's own building (HOUSE_ID): a room's entry without another names it. */
  houseId: number;
}) {
  return {
    /** Call inside a commit's work, on its `tx`, so the entry commits with the change. */
    async record(tx: Tx, input: AuditInput): Promise<void> {
      const { user, source } = whoOf(input);
      await repository.insert(tx, {
        at: clock.now(),
        username: user,
        subject: input.subject ?? null,
        houseId: input.houseId ?? (input.roomId != null ? ownHouseId : null),
        roomId: input.roomId ?? null,
        ...(input.roomName !== undefined
          ? { roomName: input.roomName, floorName: input.floorName ?? null }
          : {}),
        action: input.action,
        before: input.before ?? null,
        after: input.after ?? null,
        durationMinutes: input.durationMinutes ?? null,
        source,
      });
    },
    /** Newest first. */
    list(filter: Partial<AuditFilter>): Promise<AuditRecord[]> {
      return repository.list({ limit: AUDIT_LIMIT_DEFAULT, ...filter });
    },
    hasRoom: (houseId: number, roomId: number) => repository.hasRoom(houseId, roomId),
    /** An instant as the wire writes it (device-local with its offset). */
    wireTime: (at: number) => toOffsetIso(clock.local, at),
    toWire(record: AuditRecord): AuditEntry {
      return {
        id: record.id,
        time: toOffsetIso(clock.local, record.at),
        user: record.username,
        room: record.roomId,
        room_name: record.roomName,
        floor: record.floorName,
        action: record.action,
        before: record.before,
        after: record.after,
        duration_minutes: record.durationMinutes,
        source: record.source as AuditSource,
      };
    },
  };
}
export type Audit = ReturnType<typeof createAudit>;

export default fp(
  async (app) => {
    app.decorate(
      'audit',
      createAudit({
        repository: createAuditRepository(app.sql),
        clock: app.clock,
        houseId: app.config.houseId,
      }),
    );
  },
  { name: 'audit', dependencies: ['database', 'clock'] },
);
