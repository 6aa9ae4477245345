import {
  AUDIT_LIMIT_DEFAULT,
  AUDIT_LIMIT_MAX,
  type AuditQuery,
  type AuditResponse,
} from '@raumregler/contract';
import { AuditQuerySchema, AuditResponseSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AuditFilter } from './repository.js';
import { firstInstant, parseWireTime } from '../../platform/clock/local-time.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';
import { toCsv, wantsCsv } from '../../platform/http/csv.js';
import { jsonOrCsvAnswer } from '../../platform/http/openapi.js';

const CSV_HEADER = [
  'time',
  'user',
  'room',
  'room_name',
  'floor',
  'action',
  'before',
  'after',
  'duration_minutes',
  'source',
] as const;

const invalid = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: [message] });

/** Reads the filters; a bad one is a 400 naming it (`messages.<field>`). */
function filterOf(query: AuditQuery, parseTime: (text: string) => number | null): AuditFilter {
  const text = (field: keyof AuditQuery): string | undefined => {
    const value = (query as Record<string, unknown>)[field];
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw invalid(field, `${field} must be given once.`);
    return value;
  };
  const filter: AuditFilter = { limit: AUDIT_LIMIT_DEFAULT };
  const room = text('room');
  if (room !== undefined) {
    if (!/^\d{1,9}$/.test(room)) throw invalid('room', 'room must be a room id (a whole number).');
    filter.roomId = Number(room);
  }
  const user = text('user');
  if (user !== undefined) {
    if (user.length > 200) throw invalid('user', 'user must have at most 200 characters.');
    filter.username = user;
  }
  for (const field of ['from', 'to'] as const) {
    const value = text(field);
    if (value === undefined) continue;
    const at = parseTime(value);
    if (at === null) {
      throw invalid(
        field,
        `${field} must be a time like 2026-11-23T08:00:00+01:00 (or local time without the offset).`,
      );
    }
    filter[field] = at;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    throw invalid('to', 'to must not be before from.');
  }
  const limit = text('limit');
  if (limit !== undefined) {
    const value = /^\d{1,5}$/.test(limit) ? Number(limit) : NaN;
    if (!(value >= 1 && value <= AUDIT_LIMIT_MAX)) {
      throw invalid('limit', `limit must be a whole number from 1 to ${AUDIT_LIMIT_MAX}.`);
    }
    filter.limit = value;
  }
  const before = text('before');
  if (before !== undefined) {
    if (!/^[1-9]\d{0,14}$/.test(before)) {
      throw invalid('before', 'before must be an entry id (a whole number from 1).');
    }
    filter.before = Number(before);
  }
  const format = text('format');
  if (format !== undefined && format !== 'csv' && format !== 'json') {
    throw invalid('format', 'format must be "csv" or "json".');
  }
  return filter;
}

/**
 * Ours, under /api only: `GET /api/audit/?room=&user=&from=&to=&limit=&before=` (manage), the
 * audit log newest first, as JSON or CSV. `from` is inclusive, `to` exclusive; `before` pages on
 * to entries with a smaller id.
 */
const auditRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', app.requireCapability('manage'));

  /**
   * The entries a user meets (issue 34): from their first day on; a scoped manager only those
   * of their rooms (a room outside the scope asked for: 403), so entries without a room (user
   * changes) are for building-wide managers only.
   */
  const scopeFilter = (request: FastifyRequest, filter: AuditFilter) => {
    const user = request.user!;
    const first = firstInstant(app.clock.local, user.validFrom);
    if (first > (filter.from ?? -Infinity)) filter.from = first;
    // The building module decorates the app after this module is registered; asked per request.
    const rooms = app.roomAccess.rooms(request);
    if (rooms.whole) return;
    // Rooms the building knows by floor, and the rooms named (proxy mode: the device's ids).
    const ids = [...new Set([...rooms.ids(), ...user.rooms])];
    if (filter.roomId !== undefined && !ids.includes(filter.roomId)) {
      throw new HttpError(403, 'forbidden', 'You may not see or change this room.');
    }
    filter.roomIds = ids;
  };

  app.get(
    '/',
    {
      config: {
        docs: {
          summary: 'The audit log, newest first (JSON, or CSV with format=csv or Accept: text/csv)',
          query: AuditQuerySchema,
          response: { 200: jsonOrCsvAnswer(AuditResponseSchema, 'The entries, newest first.') },
          errors: [404],
        },
      },
      schema: { response: { 200: AuditResponseSchema } },
    },
    async (request, reply): Promise<AuditResponse | string> => {
      const filter = filterOf(request.query as AuditQuery, (text) =>
        parseWireTime(app.clock.local, text),
      );
      if (
        filter.roomId !== undefined &&
        !request.house.building.findRoom(filter.roomId) &&
        !(await app.audit.hasRoom(request.house.id, filter.roomId))
      ) {
        throw unknownRoom();
      }
      scopeFilter(request, filter);
      // The building's entries, and the accounts' own events (of no building) about its members;
      // all of those in the server's own.
      filter.houseId = request.house.id;
      filter.withGlobal = request.house === app.houses.own();
      const entries = (await app.audit.list(filter)).map(app.audit.toWire);
      if (wantsCsv(request) && (request.query as AuditQuery).format !== 'json') {
        reply.type('text/csv; charset=utf-8');
        reply.header('content-disposition', 'attachment; filename="audit.csv"');
        return reply.send(
          toCsv(
            CSV_HEADER,
            entries.map((entry) => CSV_HEADER.map((column) => entry[column])),
          ),
        );
      }
      return { entries };
    },
  );
};

export default auditRoutes;
