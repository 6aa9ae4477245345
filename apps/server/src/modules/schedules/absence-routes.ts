import {
  SCHEDULE_FIELD_MAX_BYTES,
  type Absence,
  type AbsenceList,
  type EndAbsenceResult,
} from '@raumregler/contract';
import {
  AbsenceListSchema,
  AbsenceSchema,
  EndAbsenceResultSchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../platform/http/error-handler.js';
import { registerFormBodies } from '../../platform/http/form-bodies.js';
import { actorOf, editedAtDevice, fieldsOf, refusal } from './refusals.js';

/**
 * Ours (issue 16): `GET /api/absences/` (read), `POST /api/absences/` (manage: name, from, to,
 * target, rooms as comma-separated ids up to 16 KiB or `all`), `POST /api/absences/{id}/`
 * (manage, issue 32: the same fields replace the absence's), `POST /api/absences/{id}/end`
 * (manage: ends a running one now, deletes a future one).
 */
/** The `{id}` of the path: a whole number, else 400. */
function absenceId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^\d{1,9}$/.test(raw)) {
    throw new HttpError(400, 'bad_request', 'The absence id must be a whole number.');
  }
  return Number(raw);
}

const absenceRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.upstreamUrl) {
    editedAtDevice(app, 'absences');
    return;
  }
  await registerFormBodies(app, { largeFields: { rooms: SCHEDULE_FIELD_MAX_BYTES } });
  const manage = [app.authenticate, app.requireCapability('manage')];
  /** The rooms an absence of this user may name (issue 34): those they manage. */
  const mayManage = (request: FastifyRequest) => (roomId: number) =>
    app.roomAccess.can(request, 'manage', roomId);

  app.get(
    '/',
    {
      preHandler: [app.authenticate, app.requireCapability('read')],
      schema: { response: { 200: AbsenceListSchema } },
    },
    async (request): Promise<AbsenceList> => {
      const rooms = app.roomAccess.rooms(request);
      return { absences: app.schedules.listAbsences(rooms.whole ? undefined : rooms.has) };
    },
  );

  app.post(
    '/',
    { preHandler: manage, schema: { response: { 200: AbsenceSchema } } },
    async (request): Promise<Absence> =>
      app.schedules
        .createAbsence(fieldsOf(request), actorOf(request), mayManage(request))
        .catch(refusal),
  );

  app.post(
    '/:id',
    { preHandler: manage, schema: { response: { 200: AbsenceSchema } } },
    async (request): Promise<Absence> =>
      app.schedules
        .editAbsence(absenceId(request), fieldsOf(request), actorOf(request), mayManage(request))
        .catch(refusal),
  );

  app.post(
    '/:id/end',
    { preHandler: manage, schema: { response: { 200: EndAbsenceResultSchema } } },
    async (request): Promise<EndAbsenceResult> =>
      app.schedules
        .endAbsence(absenceId(request), actorOf(request), mayManage(request))
        .catch(refusal),
  );
};

export default absenceRoutes;
