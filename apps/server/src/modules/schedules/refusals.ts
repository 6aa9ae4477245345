import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
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
export function editedAtDevice(
  app: FastifyInstance,
  what: string,
  /**
   * The area's routes as simulation registers them (method, url and options with `config.docs`
   * and `schema`): registered here with the refusal, so that the API description is the same in
   * both modes (decision 82).
   */
  described: { method: 'GET' | 'POST'; url: string; options: RouteShorthandOptions }[] = [],
) {
  const handler = async () => {
    throw new HttpError(
      501,
      'edited_at_device',
      `This device's ${what} are edited at the device itself; Raumregler edits them only for its own building (not in proxy mode).`,
    );
  };
  for (const { method, url, options } of described) {
    app.route({ method, url, config: options.config, schema: options.schema, handler });
  }
  const taken = new Set(described.map(({ method, url }) => `${method} ${url}`));
  const rest = (['GET', 'POST'] as const).filter((method) => !taken.has(`${method} /`));
  // Catch-alls that only refuse: not operations of the API description (decision 82).
  const config = { docs: { hide: 'a catch-all refusal' } };
  if (rest.length > 0) app.route({ method: rest, url: '/', handler, config });
  app.route({ method: ['GET', 'POST'], url: '/*', handler, config });
}
