import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../../../platform/http/error-handler.js';
import { CATCH_ALL_DOCS } from './device-docs.js';

/**
 * Every other house id answers 404 with a message saying so (a tool configured for house 2
 * learns why nothing works). Our own house id also lands here for unknown methods.
 */
const unknownHouseRoutes: FastifyPluginAsync<{ houseId: number }> = async (app, { houseId }) => {
  const handler = async (request: { params: unknown }) => {
    const id = (request.params as { houseId: string }).houseId;
    if (id === String(houseId)) {
      throw new HttpError(404, 'not_found', 'The device API has no such method.');
    }
    throw new HttpError(404, 'not_found', `Unknown house id; this device is house ${houseId}.`);
  };
  for (const area of ['get', 'set']) {
    const config = { docs: CATCH_ALL_DOCS };
    app.all(`/${area}/json/v1/:houseId`, { config }, handler);
    app.all(`/${area}/json/v1/:houseId/*`, { config }, handler);
  }
};

export default unknownHouseRoutes;
