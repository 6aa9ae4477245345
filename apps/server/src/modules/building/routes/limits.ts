import { roomLimitProblem, type RoomLimits } from '@raumregler/contract';
import { RoomLimitsBodySchema, RoomSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';
import { requestActor } from '../../audit/index.js';
import { registerFormBodies } from '../../../platform/http/form-bodies.js';
import { HttpError } from '../../../platform/http/error-handler.js';
import { perHouse } from '../house-param.js';
import { roomFromParams } from '../room-param.js';
import { buildingViews } from '../views.js';

const invalid = (field: string, reason: string) =>
  new HttpError(400, 'validation_failed', `${field} ${reason}.`, {
    [field]: [`${field} ${reason}.`],
  });

/** A limit as sent: empty or missing → null; `16`, `22.5`, `22,5` → the number. */
function limitField(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' && typeof value !== 'number')
    throw invalid(field, 'must be a number');
  const text = String(value).trim();
  if (text === '') return null;
  const number = Number(text.replace(',', '.'));
  if (!/^-?\d+([.,]\d+)?$/.test(text) || !Number.isFinite(number)) {
    throw invalid(field, 'must be a number');
  }
  return number;
}

/** The limits of a request's fields: both empty = none; one alone is refused. */
export function parseLimits(fields: Record<string, unknown>): RoomLimits | null {
  const min = limitField(fields.min, 'min');
  const max = limitField(fields.max, 'max');
  if (min === null && max === null) return null;
  if (min === null) throw invalid('min', 'is required with max');
  if (max === null) throw invalid('max', 'is required with min');
  for (const [field, value] of [
    ['min', min],
    ['max', max],
  ] as const) {
    const problem = roomLimitProblem(value);
    if (problem) throw invalid(field, problem);
  }
  if (min > max) throw invalid('min', 'must not be above max');
  return { min, max };
}

/**
 * `POST /api/rooms/{roomId}/limits` (issue 34): sets (`min`, `max`) or removes (both empty) a
 * room's limits, for those who manage the room; form fields `user`/`password` like every write.
 * Audited `limits-changed`; answers the room as `temps/{id}/` shows it.
 */
const limitsRoutes: FastifyPluginAsync = async (app) => {
  await registerFormBodies(app);
  const viewsOf = perHouse((house) => buildingViews(app, house));
  app.post(
    '/rooms/:roomId/limits',
    {
      preHandler: [app.authenticate, app.requireCapability('manage')],
      config: {
        docs: {
          summary: 'Set or remove a room’s target limits (for those who manage the room)',
          tags: ['rooms'],
          form: RoomLimitsBodySchema,
        },
      },
      schema: { response: { 200: RoomSchema } },
    },
    async (request) => {
      const room = roomFromParams(request);
      app.roomAccess.require(request, 'manage', room.id);
      const fields =
        request.body && typeof request.body === 'object'
          ? (request.body as Record<string, unknown>)
          : {};
      const limits = parseLimits(fields);
      const commands = app.roomCommandsOf(request.house);
      return viewsOf(request.house).room(
        await commands.setLimits(room.id, limits, requestActor(request)),
      );
    },
  );
};

export default limitsRoutes;
