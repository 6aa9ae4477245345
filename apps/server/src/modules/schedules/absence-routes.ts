import {
  SCHEDULE_FIELD_MAX_BYTES,
  type Absence,
  type AbsenceList,
  type EndAbsenceResult,
} from '@raumregler/contract';
import {
  AbsenceListSchema,
  AbsenceSchema,
  CreateAbsenceBodySchema,
  EndAbsenceResultSchema,
} from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest, RouteShorthandOptions } from 'fastify';
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

const inProxyMode = 'Not in proxy mode (501 `edited_at_device`).';

/** The routes as the API description shows them, in both modes (decision 82). */
const described = {
  list: {
    config: {
      docs: {
        summary: 'Running and future absences, and those of the last 30 days',
        description: inProxyMode,
        errors: [501],
      },
    },
    schema: { response: { 200: AbsenceListSchema } },
  },
  create: {
    config: {
      docs: {
        summary: 'Create an absence',
        description: inProxyMode,
        form: CreateAbsenceBodySchema,
        errors: [501],
      },
    },
    schema: { response: { 200: AbsenceSchema } },
  },
  edit: {
    config: {
      docs: {
        summary: 'Change an absence (the same fields replace its own)',
        description: inProxyMode,
        form: CreateAbsenceBodySchema,
        errors: [404, 409, 501],
      },
    },
    schema: { response: { 200: AbsenceSchema } },
  },
  end: {
    config: {
      docs: {
        summary: 'End a running absence now, or delete a future one',
        description: inProxyMode,
        errors: [404, 409, 501],
      },
    },
    schema: { response: { 200: EndAbsenceResultSchema } },
  },
} satisfies Record<string, RouteShorthandOptions>;

const absenceRoutes: FastifyPluginAsync = async (app) => {
  await registerFormBodies(app, { largeFields: { rooms: SCHEDULE_FIELD_MAX_BYTES } });
  // A building in front of a Controme server: every path answers 501 edited_at_device.
  editedAtDevice(app, 'absences');
  const manage = [app.authenticate, app.requireCapability('manage')];
  /** The rooms an absence of this user may name (issue 34): those they manage. */
  const mayManage = (request: FastifyRequest) => (roomId: number) =>
    app.roomAccess.can(request, 'manage', roomId);

  app.get(
    '/',
    { ...described.list, preHandler: [app.authenticate, app.requireCapability('read')] },
    async (request): Promise<AbsenceList> => {
      const rooms = app.roomAccess.rooms(request);
      return {
        absences: await app
          .schedulesOf(request.house)
          .listAbsences(rooms.whole ? undefined : rooms.has),
      };
    },
  );

  app.post('/', { ...described.create, preHandler: manage }, async (request): Promise<Absence> =>
    app
      .schedulesOf(request.house)
      .createAbsence(fieldsOf(request), actorOf(request), mayManage(request))
      .catch(refusal),
  );

  app.post('/:id', { ...described.edit, preHandler: manage }, async (request): Promise<Absence> =>
    app
      .schedulesOf(request.house)
      .editAbsence(absenceId(request), fieldsOf(request), actorOf(request), mayManage(request))
      .catch(refusal),
  );

  app.post(
    '/:id/end',
    { ...described.end, preHandler: manage },
    async (request): Promise<EndAbsenceResult> =>
      app
        .schedulesOf(request.house)
        .endAbsence(absenceId(request), actorOf(request), mayManage(request))
        .catch(refusal),
  );
};

export default absenceRoutes;
