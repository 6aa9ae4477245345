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
 * Proxy mode: schedules and absences live on the real device, which our server cannot change
 * through the device API. Every path of the area answers 501 `edited_at_device` (registered
 * after it, the schedule read lists the device's programme instead), before any sign-in, so the
 * app can say so.
 */
export function editedAtDevice(app: FastifyInstance, what: string) {
  const handler = async () => {
    throw new HttpError(
      501,
      'edited_at_device',
      `This device's ${what} are edited at the device itself; Raumregler edits them only for its own building (not in proxy mode).`,
    );
  };
  app.route({ method: ['GET', 'POST'], url: '/', handler });
  app.route({ method: ['GET', 'POST'], url: '/*', handler });
}
