import {
  SCHEDULE_FIELD_MAX_BYTES,
  type DeviceSchedule,
  type RoomSchedule,
} from '@raumregler/contract';
import {
  DeviceScheduleSchema,
  RoomScheduleSchema,
  SaveScheduleBodySchema,
} from '@raumregler/contract/schemas';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';
import { registerFormBodies } from '../../platform/http/form-bodies.js';
import { roomFromParams } from '../building/index.js';
import { actorOf, editedAtDevice, fieldsOf, refusal } from './refusals.js';

/**
 * Proxy mode (issue 33; per building, issue 37): for a building in front of a Controme server,
 * `GET /api/schedules/{roomId}/` lists the device's own programme (`heizprogramm/`, read with
 * the building's device account) read-only; the device keeps and edits it. The points name
 * scenes, not rooms: every room shows the same. A room the device's last poll did not list is
 * 404; before the first poll, any room id is answered. The device not answering is 502
 * `upstream_unavailable`. Every other path (the writes) is 501.
 */
async function deviceSchedule(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const programme = app.deviceProgrammeOf(request.house);
  const raw = (request.params as { roomId?: string }).roomId ?? '';
  if (!/^\d{1,9}$/.test(raw)) {
    throw new HttpError(400, 'bad_request', 'The room id must be a whole number.');
  }
  const room = Number(raw);
  if (programme.hasRoom(room) === false) throw unknownRoom();
  // A room outside the user's scope (issue 34): 403, as in simulation. Our rooms follow the
  // device's (the poll), so a floor's rooms are known by their floor.
  app.roomAccess.require(request, 'read', room);
  let points;
  try {
    points = await programme.read();
  } catch (error) {
    request.log.warn({ err: error }, "reading the device's programme failed");
    throw new HttpError(502, 'upstream_unavailable', 'The heating controller does not answer.');
  }
  const answer: DeviceSchedule = {
    room,
    source: 'device',
    editable: false,
    switch_points: points,
  };
  // Written here: the route's schema is our week's (RoomScheduleSchema).
  return JSON.stringify(answer);
}

/** The week's save as the API description shows it, in both modes (decision 82). */
const saveDescribed = {
  config: {
    docs: {
      summary: 'Replace a room’s weekly programme',
      description: 'Not in proxy mode (501 `edited_at_device`).',
      form: SaveScheduleBodySchema,
      errors: [404, 501],
    },
  },
  schema: { response: { 200: RoomScheduleSchema } },
};

/**
 * The read as the API description shows it, in both modes (decision 82): our week in
 * simulation, the device's own programme in proxy mode.
 */
const readDocs = {
  summary: 'A room’s weekly programme: ours (simulation) or the device’s own (proxy mode)',
  response: {
    200: {
      description: 'Simulation: the week, editable. Proxy mode: the device’s switch points.',
      anyOf: [RoomScheduleSchema, DeviceScheduleSchema],
    },
  },
  errors: [404, 502],
};

/**
 * Ours (issue 16): `GET /api/schedules/{roomId}/` (read) shows a room's week,
 * `POST /api/schedules/{roomId}/` (manage; form fields user, password, week as JSON up to 16 KiB)
 * replaces it through app.schedulesOf(request.house).
 */
const scheduleRoutes: FastifyPluginAsync = async (app) => {
  await registerFormBodies(app, { largeFields: { week: SCHEDULE_FIELD_MAX_BYTES } });
  // A building in front of a Controme server: the read lists its device's programme, every
  // other path answers 501 edited_at_device.
  editedAtDevice(
    app,
    'weekly schedules',
    (request) =>
      request.method === 'GET' && request.routeOptions.url?.endsWith('/:roomId') === true,
  );
  const schema = { response: { 200: RoomScheduleSchema } };

  app.get(
    '/:roomId',
    {
      preHandler: [app.authenticate, app.requireCapability('read')],
      config: { docs: readDocs },
      schema,
    },
    async (request, reply) => {
      if (app.deviceOf(request.house).kind === 'proxy') {
        return reply
          .type('application/json; charset=utf-8')
          .send(await deviceSchedule(app, request));
      }
      const room = roomFromParams(request);
      app.roomAccess.require(request, 'read', room.id);
      return {
        room: room.id,
        source: 'server',
        editable: true,
        week: app.schedulesOf(request.house).weekOf(room.id),
        min_target: room.minTarget,
        max_target: room.maxTarget,
      } satisfies RoomSchedule;
    },
  );

  app.post(
    '/:roomId',
    { ...saveDescribed, preHandler: [app.authenticate, app.requireCapability('manage')] },
    async (request): Promise<RoomSchedule> => {
      const room = roomFromParams(request);
      app.roomAccess.require(request, 'manage', room.id);
      const week = await app
        .schedulesOf(request.house)
        .saveWeek(room.id, fieldsOf(request).week, actorOf(request))
        .catch(refusal);
      return {
        room: room.id,
        source: 'server',
        editable: true,
        week,
        min_target: room.minTarget,
        max_target: room.maxTarget,
      };
    },
  );
};

export default scheduleRoutes;
