import { ALARM_FILTERS, ALARM_NOTE_MAX, type Alarm, type AlarmFilter } from '@raumregler/contract';
import { AcknowledgeAlarmAnswerSchema, AlarmListSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AlarmRecord } from './repository.js';
import { toOffsetIso, type LocalClock } from '../../platform/clock/local-time.js';
import { CLEARED_LISTED_MS } from './service.js';
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
  kind: alarm.kind,
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
  // The note may hold 500 characters of any script: up to 4 UTF-8 bytes each (the other form
  // values keep their 1 KiB).
  await registerFormBodies(app, { largeFields: { note: ALARM_NOTE_MAX * 4 } });
  app.addHook('preHandler', app.authenticate);

  app.get(
    '/',
    {
      preHandler: app.requireCapability('read'),
      schema: { response: { 200: AlarmListSchema } },
    },
    (request) => {
      const filter = filterOf(request);
      const now = app.clock.now();
      const clock = app.clock.local;
      return {
        alarms: app.alarms.repo
          .list(filter, now - CLEARED_LISTED_MS)
          .map((alarm) => toWireAlarm(alarm, clock)),
      };
    },
  );

  app.post(
    '/:id/ack',
    {
      preHandler: app.requireCapability('manage'),
      schema: { response: { 200: AcknowledgeAlarmAnswerSchema } },
    },
    async (request) => {
      const id = alarmIdOf(request);
      const note = noteOf(request);
      const { outcome, alarm } = await app.alarms.acknowledge(id, request.user!.username, note);
      if (outcome === 'unknown') throw new HttpError(404, 'not_found', 'There is no such alarm.');
      if (outcome === 'cleared') {
        throw new HttpError(409, 'conflict', 'The alarm has cleared; it needs no acknowledgement.');
      }
      return { alarm: toWireAlarm(alarm!, app.clock.local) };
    },
  );
};

export default alarmRoutes;
