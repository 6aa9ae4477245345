import { SCHEDULE_FIELD_MAX_BYTES, type RoomSchedule } from '@raumregler/contract';
import { RoomScheduleSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { registerFormBodies } from '../../platform/http/form-bodies.js';
import { roomFromParams } from '../building/index.js';
import { actorOf, editedAtDevice, fieldsOf, refusal } from './refusals.js';

/**
 * Ours (issue 16): `GET /api/schedules/{roomId}/` (read) shows a room's week,
 * `POST /api/schedules/{roomId}/` (manage; form fields user, password, week as JSON up to 16 KiB)
 * replaces it through app.schedules.
 */
const scheduleRoutes: FastifyPluginAsync = async (app) => {
  if (app.config.upstreamUrl) {
    editedAtDevice(app, 'weekly schedules');
    return;
  }
  await registerFormBodies(app, { largeFields: { week: SCHEDULE_FIELD_MAX_BYTES } });
  const schema = { response: { 200: RoomScheduleSchema } };

  app.get(
    '/:roomId',
    { preHandler: [app.authenticate, app.requireCapability('read')], schema },
    async (request): Promise<RoomSchedule> => {
      const room = roomFromParams(app, request.params);
      app.roomAccess.require(request, 'read', room.id);
      return {
        room: room.id,
        week: app.schedules.weekOf(room.id),
        min_target: room.minTarget,
        max_target: room.maxTarget,
      };
    },
  );

  app.post(
    '/:roomId',
    { preHandler: [app.authenticate, app.requireCapability('manage')], schema },
    async (request): Promise<RoomSchedule> => {
      const room = roomFromParams(app, request.params);
      app.roomAccess.require(request, 'manage', room.id);
      const week = await app.schedules
        .saveWeek(room.id, fieldsOf(request).week, actorOf(request))
        .catch(refusal);
      return { room: room.id, week, min_target: room.minTarget, max_target: room.maxTarget };
    },
  );
};

export default scheduleRoutes;
