import {
  formatRoomLimits,
  type SetOperatingModeBody,
  type SetPermanentBody,
  type SetTargetBody,
} from '@raumregler/contract';
import { RoomSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  InvalidCommandError,
  OutsideLimitsError,
  UnknownRoomError,
  target as checkTarget,
  type CommandField,
} from '../room-commands.js';
import { requestActor as actorOf } from '../../audit/index.js';
import { perHouse } from '../house-param.js';
import { buildingViews } from '../views.js';
import { deviceAccess } from '../../../platform/auth/device-access.js';
import { registerFormBodies } from '../../../platform/http/form-bodies.js';
import { HttpError, unknownRoom } from '../../../platform/http/error-handler.js';
import { roomFromParams } from '../room-param.js';
import type { Room } from '../building.js';
import { germanReason, refusalPage } from '../controme.js';
import { DEVICE_WRITE_DOCS as docs } from './device-docs.js';

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

const invalid = (field: string, reason: string) =>
  new HttpError(400, 'validation_failed', `${field} ${reason}.`, {
    [field]: [`${field} ${reason}.`],
  });

/**
 * A target outside the room's limits by a user they bind (issue 34): 400 `outside_room_limits`
 * naming the field and the limits ("erlaubt 16,0–23,0 °C"); nothing changed.
 */
export const outsideLimits = (field: string, error: OutsideLimitsError) => {
  const message = `${field} is outside this room's limits (erlaubt ${formatRoomLimits(error.limits)}).`;
  return new HttpError(400, 'outside_room_limits', message, { [field]: [message] });
};

/**
 * Proxy mode (issue 34): a bound user's target for a room of ours, checked before it is
 * forwarded, with the rule and the answer of a write here: 400 `outside_room_limits`, or null
 * when it is within the limits, or not a target within the hard limits at all (the device
 * refuses that itself, as before).
 */
export function limitsRefusal(
  room: Room,
  field: 'ziel' | 'soll',
  value: unknown,
): HttpError | null {
  try {
    checkTarget(room, value, { bound: true });
    return null;
  } catch (error) {
    if (error instanceof OutsideLimitsError) return outsideLimits(field, error);
    return null;
  }
}

/** A refused command as the wire says it: 400 naming this route's field, or 404. */
const refusal =
  (fieldNames: Partial<Record<CommandField, string>>) =>
  (error: unknown): never => {
    if (error instanceof InvalidCommandError) {
      throw invalid(fieldNames[error.field] ?? error.field, error.reason);
    }
    if (error instanceof OutsideLimitsError) {
      throw outsideLimits(fieldNames[error.field] ?? error.field, error);
    }
    if (error instanceof UnknownRoomError) throw unknownRoom();
    throw error;
  };

/**
 * DEVICE_PROFILE=controme: a refused write (400 validation_failed, 404 unknown room) answers as a
 * device does, a long HTML page with status 200 whose title gives the reason in German; every
 * other error (sign-in, rights, a bad body) goes on to the app's error handler.
 */
function contromeRefusals(app: FastifyInstance) {
  app.setErrorHandler((error, request, reply) => {
    if (!(error instanceof HttpError)) throw error;
    let reason: string | null = null;
    if (error.code === 'validation_failed' && error.messages) {
      const [field] = Object.keys(error.messages);
      if (field) reason = germanReason({ field, message: error.message });
    } else if (error.statusCode === 404) {
      reason = germanReason({ roomId: (request.params as { roomId?: string }).roomId ?? '' });
    }
    if (reason === null) throw error;
    return reply.code(200).type('text/html; charset=utf-8').send(refusalPage(reason));
  });
}

/**
 * The device API's writes: `POST /set/json/v1/{houseId}/{method}/{roomId}/`. Each parses its
 * fields, runs one room command (room-commands-service.ts) and answers the room afterwards
 * (DEVICE_PROFILE=controme: a short `OK`, as a device does). A room with the sim fault "writes
 * ignored" (CLI `sim writes`) answers every write as taken and changes nothing.
 */
const setRoutes: FastifyPluginAsync = async (app) => {
  await registerFormBodies(app);
  // Who may write: the same preHandlers as proxy mode's (platform/auth/device-access.ts).
  for (const hook of deviceAccess(app).write) app.addHook('preHandler', hook);

  const controme = app.config.deviceProfile === 'controme';
  if (controme) contromeRefusals(app);
  const viewsOf = perHouse((house) => buildingViews(app, house));
  /** The written room as the answer shows it (its building's view), or the device's `OK`. */
  const answerOf = (request: FastifyRequest) =>
    controme ? () => 'OK' : viewsOf(request.house).room;
  const schema = controme ? {} : { response: { 200: RoomSchema } };
  // The sim fault `sim writes <rooms> ignored`: answered as taken, with the room as it is.
  const ignoresWrites = (request: FastifyRequest, room: Room) =>
    request.house.simFaults.writesIgnored(room.id);
  const access = app.roomAccess;
  /**
   * The room a write names: 404 when unknown, 403 when outside the user's scope or their write
   * capability there (issue 34; group actions are writes room by room, so each is checked).
   */
  const writableRoom = (request: FastifyRequest) => {
    const room = roomFromParams(request);
    access.require(request, 'write', room.id);
    return {
      room,
      answer: answerOf(request),
      commands: app.roomCommandsOf(request.house),
      ignored: () => ignoresWrites(request, room),
    };
  };
  /** The room's limits bind the target of a user who does not manage the room. */
  const rulesOf = (request: FastifyRequest, roomId: number) => ({
    bound: access.bound(request, roomId),
  });

  app.post('/ziel/:roomId', { schema, config: { docs: docs.ziel } }, async (request) => {
    const { room, answer, commands, ignored } = writableRoom(request);
    if (await ignored()) return answer(room);
    const fields = fieldsOf(request);
    return answer(
      await commands
        .setTemporary(
          room.id,
          fields.ziel,
          fields.duration,
          actorOf(request),
          fields.until,
          rulesOf(request, room.id),
        )
        .catch(refusal({ target: 'ziel', minutes: 'duration' })),
    );
  });

  app.post('/resettemp/:roomId', { schema, config: { docs: docs.resettemp } }, async (request) => {
    const { room, answer, commands, ignored } = writableRoom(request);
    if (await ignored()) return answer(room);
    return answer(await commands.endTemporary(room.id, actorOf(request)).catch(refusal({})));
  });

  app.post('/soll/:roomId', { schema, config: { docs: docs.soll } }, async (request) => {
    const { room, answer, commands, ignored } = writableRoom(request);
    if (await ignored()) return answer(room);
    return answer(
      await commands
        .setPermanent(room.id, fieldsOf(request).soll, actorOf(request), rulesOf(request, room.id))
        .catch(refusal({ target: 'soll' })),
    );
  });

  app.post('/rooms/:roomId', { schema, config: { docs: docs.rooms } }, async (request) => {
    const { room, answer, commands, ignored } = writableRoom(request);
    if (await ignored()) return answer(room);
    const fields = fieldsOf(request);
    if (String(fields.action ?? '').toLowerCase() !== 'betriebsart') {
      throw invalid('action', 'must be "betriebsart"');
    }
    const changed = await commands
      .changeMode(room.id, fields.value, actorOf(request))
      .catch(refusal({ mode: 'value' }));
    // The device answers betriebsart as an integer from now on (controme.ts, modeNumber).
    if (controme) {
      app
        .modeWritesOf(request.house)
        .set(room.id, String(fields.value).trim().toLowerCase() === 'on');
    }
    return answer(changed);
  });
};

export default setRoutes;
