import fp from 'fastify-plugin';
import buildingRoutes from './routes.js';

export { summariseBuilding, type BuildingEntry, type RoomFigures } from './rules.js';

/**
 * Gebäude (issue 37): `GET /api/buildings/`, every building the user may read at a glance (the
 * web app's `/buildings`).
 */
export default fp(
  async (app) => {
    await app.register(buildingRoutes, { prefix: '/api/buildings' });
  },
  { name: 'buildings-module', dependencies: ['building', 'alarms-module', 'auth'] },
);
