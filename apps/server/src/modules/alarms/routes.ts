import {
  ALARM_ACK_IDS_MAX_BYTES,
  ALARM_FILTERS,
  ALARM_KINDS,
  ALARM_NOTE_MAX,
  wholeBuilding,
  type Alarm,
  type AlarmFilter,
  type AlarmKind,
} from '@raumregler/contract';
import {
  AcknowledgeAlarmAnswerSchema,
  AcknowledgeAlarmBodySchema,
  AcknowledgeAlarmsAnswerSchema,
  AcknowledgeAlarmsBodySchema,
  AlarmListSchema,
  AlarmsQuerySchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmListFilter, AlarmRecord } from './repository.js';
import { requestActor } from '../audit/index.js';
import { parseWireTime, toOffsetIso, type LocalClock } from '../../platform/clock/local-time.js';
import { userCan } from '../../platform/auth/permissions.js';
import { outsideScope } from '../building/index.js';
import { CLEARED_LISTED_MS } from './service.js';
import { alarmsVisibleTo } from './visibility.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { registerFormBodies } from '../../platform/http/form-bodies.js';

const time = (clock: LocalClock, at: number | null) =>
  at === null ? null : toOffsetIso(clock, at);

/** The wire view of one alarm: device-local times with their offset. */
export const toWireAlarm = (alarm: AlarmRecord, clock: LocalClock): Alarm => ({
  id: alarm.id,
  room: alarm.roomId,
  room_name: alarm.roomName,
  floor: alarm.floorName,
  floor_id: alarm.floorId,
  kind: alarm.kind,
  device: alarm.device,
  device_kind: alarm.deviceKind,
  since: toOffsetIso(clock, alarm.since),
  state: alarm.state,
  value: alarm.value === null ? null : Math.round(alarm.value * 10) / 10,
  target: alarm.target,
  acknowledged_by: alarm.acknowledgedBy,
  acknowledged_at: time(clock, alarm.acknowledgedAt),
  note: alarm.note,
  cleared_at: time(clock, alarm.clearedAt),
});

const invalid = (field: string, message: string) =>
  new HttpError(400, 'validation_failed', message, { [field]: [message] });

function filterOf(request: FastifyRequest): AlarmFilter {
  const raw = (request.query as { state?: unknown }).state;
  if (raw === undefined || raw === '') return 'open';
  if (typeof raw === 'string' && (ALARM_FILTERS as readonly string[]).includes(raw)) {
    return raw as AlarmFilter;
  }
  throw invalid('state', `state must be one of ${ALARM_FILTERS.join(', ')}.`);
}

/** A query field given once as text, or undefined when missing or empty. */
function queryText(request: FastifyRequest, field: string): string | undefined {
  const value = (request.query as Record<string, unknown>)[field];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(field, `${field} must be given once.`);
  return value;
}

/**
 * The list's filters (issue 32): `kind` one or more kinds comma-separated, `floor` a floor id,
 * `from`/`to` instants on the alarm's start (a period lifts `all`'s 30 days). A bad one is a 400
 * naming it.
 */
function listFilterOf(request: FastifyRequest, clock: LocalClock, clearedSince: number) {
  const filter: AlarmListFilter = { state: filterOf(request), clearedSince };
  const kind = queryText(request, 'kind');
  if (kind !== undefined) {
    const kinds = [...new Set(kind.split(',').map((each) => each.trim()))];
    if (kinds.some((each) => !(ALARM_KINDS as readonly string[]).includes(each))) {
      throw invalid('kind', `kind must be one or more of ${ALARM_KINDS.join(', ')}.`);
    }
    filter.kinds = kinds as AlarmKind[];
  }
  const floor = queryText(request, 'floor');
  if (floor !== undefined) {
    if (!/^\d{1,9}$/.test(floor))
      throw invalid('floor', 'floor must be a floor id (a whole number).');
    filter.floorId = Number(floor);
  }
  for (const field of ['from', 'to'] as const) {
    const value = queryText(request, field);
    if (value === undefined) continue;
    const at = value.length <= 40 ? parseWireTime(clock, value) : null;
    if (at === null || at < 0) {
      throw invalid(field, `${field} must be a time like 2026-11-23T08:00:00+01:00.`);
    }
    filter[field] = at;
  }
  if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to) {
    throw invalid('to', 'to must not be before from.');
  }
  return filter;
}

/** Most ids one bulk acknowledge takes: as many as 16 KiB of "1," hold. */
const ACK_IDS_MAX = ALARM_ACK_IDS_MAX_BYTES / 2;

/** `ids`: alarm ids, comma-separated (spaces allowed), each once; anything else is a 400. */
function idsOf(request: FastifyRequest): number[] {
  const raw = (request.body as Record<string, unknown> | undefined)?.ids;
  if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '')) {
    throw invalid('ids', 'ids is required: alarm ids, comma-separated.');
  }
  if (typeof raw !== 'string')
    throw invalid('ids', 'ids must be text: alarm ids, comma-separated.');
  const parts = raw.split(',').map((each) => each.trim());
  if (
    parts.length > ACK_IDS_MAX ||
    parts.some((each) => !/^\d{1,12}$/.test(each) || Number(each) < 1)
  ) {
    throw invalid('ids', 'ids must be alarm ids (whole numbers), comma-separated.');
  }
  return [...new Set(parts.map(Number))];
}

function alarmIdOf(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    throw new HttpError(400, 'bad_request', 'The alarm id must be a whole number.');
  }
  return Number(raw);
}

function noteOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const raw = body?.note;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalid('note', 'note must be text.');
  const note = raw.trim();
  // Characters as a person counts them (an emoji is one), not UTF-16 units.
  if ([...note].length > ALARM_NOTE_MAX) {
    throw invalid('note', `note may have at most ${ALARM_NOTE_MAX} characters.`);
  }
  return note === '' ? null : note;
}

/**
 * Our alarms endpoints (issue 15), under /api/alarms only: the list (read) and acknowledging
 * (manage). Reads authenticate with Basic, the write with the form fields user/password.
 */
const alarmRoutes: FastifyPluginAsync = async (app) => {
  // The note may hold 500 characters of any script: up to 4 UTF-8 bytes each; the bulk
  // acknowledge's ids 16 KiB (the other form values keep their 1 KiB).
  await registerFormBodies(app, {
    largeFields: { note: ALARM_NOTE_MAX * 4, ids: ALARM_ACK_IDS_MAX_BYTES },
  });
  app.addHook('preHandler', app.authenticate);

  /**
   * The alarms a user meets (issue 34): of the rooms in their scope (an alarm of no room, the
   * device's, for whole-building users), from their first day on.
   */
  const visibleTo = (request: FastifyRequest) => alarmsVisibleTo(app, request.user!);
  /** Whether the user manages the alarm's room (the contract's rule, with the alarm's floor). */
  const managedBy = (request: FastifyRequest, alarm: AlarmRecord) =>
    userCan(
      request.user!,
      'manage',
      alarm.roomId === null ? null : { id: alarm.roomId, floor: alarm.floorId ?? -1 },
      app.today(),
    ) &&
    (alarm.roomId !== null || wholeBuilding(request.user!));

  app.get(
    '/',
    {
      preHandler: app.requireCapability('read'),
      config: {
        docs: { summary: 'The alarms of the user’s rooms', query: AlarmsQuerySchema },
      },
      schema: { response: { 200: AlarmListSchema } },
    },
    async (request) => {
      const clock = app.clock.local;
      const filter = listFilterOf(request, clock, app.clock.now() - CLEARED_LISTED_MS);
      const mine = visibleTo(request);
      const alarms = await app.alarmsOf(request.house).repo.search(filter);
      return { alarms: alarms.filter(mine).map((alarm) => toWireAlarm(alarm, clock)) };
    },
  );

  app.post(
    '/:id/ack',
    {
      preHandler: app.requireCapability('manage'),
      config: {
        docs: {
          summary: 'Acknowledge an alarm, with an optional note',
          form: AcknowledgeAlarmBodySchema,
          errors: [404, 409],
        },
      },
      schema: { response: { 200: AcknowledgeAlarmAnswerSchema } },
    },
    async (request) => {
      const id = alarmIdOf(request);
      const note = noteOf(request);
      const known = await app.alarmsOf(request.house).repo.findById(id);
      // An alarm of a room outside the user's scope (issue 34): 403, nothing acknowledged.
      if (known && !managedBy(request, known)) throw outsideScope();
      const { outcome, alarm } = await app
        .alarmsOf(request.house)
        .acknowledge(id, requestActor(request), note);
      if (outcome === 'unknown') throw new HttpError(404, 'not_found', 'There is no such alarm.');
      if (outcome === 'cleared') {
        throw new HttpError(409, 'conflict', 'The alarm has cleared; it needs no acknowledgement.');
      }
      return { alarm: toWireAlarm(alarm!, app.clock.local) };
    },
  );

  // Many at once with one note (issue 32): one commit, every answer on disk before it is sent.
  app.post(
    '/ack/',
    {
      preHandler: app.requireCapability('manage'),
      config: {
        docs: {
          summary: 'Acknowledge many alarms with one note (each id’s outcome in the answer)',
          form: AcknowledgeAlarmsBodySchema,
        },
      },
      schema: { response: { 200: AcknowledgeAlarmsAnswerSchema } },
    },
    async (request) => {
      const ids = idsOf(request);
      const note = noteOf(request);
      // All or none: one alarm outside the user's scope refuses the whole request (403).
      for (const id of ids) {
        const known = await app.alarmsOf(request.house).repo.findById(id);
        if (known && !managedBy(request, known)) throw outsideScope();
      }
      return app.alarmsOf(request.house).acknowledgeMany(ids, requestActor(request), note);
    },
  );
};

export default alarmRoutes;
