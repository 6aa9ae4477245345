import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { HttpError } from '../../../platform/http/error-handler.js';
import { CATCH_ALL_DOCS } from './device-docs.js';

/**
 * A house id no building has answers 404 with a message saying so (a tool configured for
 * house 2 learns why nothing works); a known one lands here for unknown methods.
 */
const unknownHouseRoutes: FastifyPluginAsync = async (app) => {
  const handler = async (request: FastifyRequest) => {
    // request.house throws the unknown building's 404.
    if (request.house) throw new HttpError(404, 'not_found', 'The device API has no such method.');
  };
  for (const area of ['get', 'set']) {
    const config = { docs: CATCH_ALL_DOCS };
    app.all(`/${area}/json/v1/:houseId`, { config }, handler);
    app.all(`/${area}/json/v1/:houseId/*`, { config }, handler);
  }
};

export default unknownHouseRoutes;
