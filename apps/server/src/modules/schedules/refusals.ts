import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outsideScope, UnknownRoomError } from '../building/index.js';
import {
  AbsenceOverError,
  OutsideScopeError,
  ScheduleValidationError,
  UnknownAbsenceError,
} from './service.js';
import { HttpError, unknownRoom } from '../../platform/http/error-handler.js';

/** A write's form fields (multipart or urlencoded strings; a JSON body may carry objects). */
export const fieldsOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' && !Array.isArray(request.body)
    ? (request.body as Record<string, unknown>)
    : {};

/** The signed-in user as the actor the audit log names (source app or api). */
export { requestActor as actorOf } from '../audit/index.js';

/** A refused schedule or absence write as the wire says it. */
export function refusal(error: unknown): never {
  if (error instanceof ScheduleValidationError) {
    throw new HttpError(400, 'validation_failed', error.message, error.messages);
  }
  if (error instanceof UnknownRoomError) throw unknownRoom();
  if (error instanceof OutsideScopeError) throw outsideScope();
  if (error instanceof UnknownAbsenceError) {
    throw new HttpError(404, 'not_found', error.message);
  }
  if (error instanceof AbsenceOverError) {
    throw new HttpError(409, 'conflict', 'The absence is already over; it cannot be ended again.');
  }
  throw error;
}

/**
 * Proxy mode (per building, issue 37): a building in front of a Controme server keeps its
 * schedules and absences on that device, which our server cannot change through the device
 * API. Every path of the area answers 501 `edited_at_device` for such a building (`except`: the
 * requests answered otherwise, the schedule read listing the device's programme), before any
 * sign-in, so the app can say so; the area's routes are the same for every building, and a path
 * no route has is 404 for the others, as before.
 */
export function editedAtDevice(
  app: FastifyInstance,
  what: string,
  except: (request: FastifyRequest) => boolean = () => false,
) {
  const atDevice = (request: FastifyRequest) => app.deviceOf(request.house).kind === 'proxy';
  const refuse = () =>
    new HttpError(
      501,
      'edited_at_device',
      `This device's ${what} are edited at the device itself; Raumregler edits them only for its own building (not in proxy mode).`,
    );
  // After the body is read (a form may name the building), before the routes' sign-in.
  app.addHook('preValidation', async (request) => {
    if (atDevice(request) && !except(request)) throw refuse();
  });
  // Catch-alls that only refuse (or are the usual 404): not operations of the API description
  // (decision 82).
  const config = { docs: { hide: 'a catch-all refusal' } };
  app.route({
    method: ['GET', 'POST'],
    url: '/*',
    config,
    handler: async (_request, reply) => reply.callNotFound(),
  });
}
