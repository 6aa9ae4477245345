import type {
  Room,
  SetOperatingModeBody,
  SetPermanentBody,
  SetTargetBody,
} from '@raumregler/contract';
import { RoomSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { toWireRoom } from '../../domain/room-view.js';
import { scheduleAt } from '../../domain/schedule.js';
import {
  isActiveMode,
  parseDuration,
  parseModeAction,
  parseSetpoint,
  type Parsed,
} from '../../domain/setpoints.js';
import { registerFormBodies } from '../../plugins/form-bodies.js';
import { HttpError } from '../../plugins/error-handler.js';
import { roomFromParams } from '../room-param.js';

const WRITE_ACCESS = new Set<string>(['full', 'permanent']);

/**
 * A write's fields, named as the contract's body schemas name them; their values are read by
 * the domain parsers (setpoints.ts), not by Fastify's schema validation, so that a bad or
 * missing field is answered with its own message (`ziel is required.`) as the device does.
 */
type Fields = Partial<
  Record<keyof SetTargetBody | keyof SetPermanentBody | keyof SetOperatingModeBody, unknown>
>;
const fieldsOf = (request: FastifyRequest): Fields =>
  request.body && typeof request.body === 'object' ? (request.body as Fields) : {};

/** A parsed field, or a 400 answer of the contract's validation shape naming it. */
function valid<T>(field: string, parsed: Parsed<T>): T {
  if (parsed.ok) return parsed.value;
  throw new HttpError(400, 'validation_failed', `${field} ${parsed.message}.`, {
    [field]: [`${field} ${parsed.message}.`],
  });
}

/** The device API's writes: `POST /set/json/v1/{houseId}/{method}/{roomId}/`. */
const setRoutes: FastifyPluginAsync = async (app) => {
  await registerFormBodies(app);
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', async (request) => {
    const user = request.user!;
    if (!WRITE_ACCESS.has(user.accessSmart) && !WRITE_ACCESS.has(user.accessPro)) {
      throw new HttpError(403, 'forbidden', 'You may not change temperatures.');
    }
  });

  const answer = (roomId: number): Room => {
    const row = app.repos.building.findRoom(roomId)!;
    return toWireRoom(row, app.repos.building.scheduleOf(roomId), app.clock.context());
  };
  const schema = { response: { 200: RoomSchema } };

  app.post('/ziel/:roomId', { schema }, async (request) => {
    const room = roomFromParams(app, request.params);
    const fields = fieldsOf(request);
    const target = valid('ziel', parseSetpoint(fields.ziel, room.min_target, room.max_target));
    const minutes = valid('duration', parseDuration(fields.duration));
    // A new ziel replaces a running one: one row holds the temporary target and its end.
    await app.commit(() =>
      app.repos.building.setTemporary(room.id, target, app.clock.now() + minutes * 60_000),
    );
    return answer(room.id);
  });

  app.post('/resettemp/:roomId', { schema }, async (request) => {
    const room = roomFromParams(app, request.params);
    // Idempotent: ending no temporary target answers the room as it is.
    await app.commit(() => app.repos.building.clearTemporary(room.id));
    return answer(room.id);
  });

  app.post('/soll/:roomId', { schema }, async (request) => {
    const room = roomFromParams(app, request.params);
    const target = valid(
      'soll',
      parseSetpoint(fieldsOf(request).soll, room.min_target, room.max_target),
    );
    const { block } = scheduleAt(
      app.repos.building.scheduleOf(room.id),
      room.base_target,
      app.clock.context().nowWall,
    );
    await app.commit(() => {
      if (block) app.repos.building.setOccurrenceTarget(block.pointId, block.day, target);
      else app.repos.building.setBaseTarget(room.id, target);
    });
    return answer(room.id);
  });

  app.post('/rooms/:roomId', { schema }, async (request) => {
    const room = roomFromParams(app, request.params);
    const fields = fieldsOf(request);
    if (String(fields.action ?? '').toLowerCase() !== 'betriebsart') {
      throw new HttpError(400, 'validation_failed', 'action must be "betriebsart".', {
        action: ['action must be "betriebsart".'],
      });
    }
    const wanted = valid('value', parseModeAction(fields.value));
    const active = isActiveMode(room.mode);
    const mode = wanted === 'on' ? (active ? room.mode : room.previous_mode) : wanted;
    const previous = isActiveMode(mode) ? mode : active ? room.mode : room.previous_mode;
    await app.commit(() => app.repos.building.setMode(room.id, mode, previous));
    return answer(room.id);
  });
};

export default setRoutes;
