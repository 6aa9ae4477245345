import fp from 'fastify-plugin';
import absenceRoutes from './absence-routes.js';
import scheduleRoutes from './routes.js';
import schedulesService from './service.js';

/**
 * Weekly programmes and absences: editing a room's week (`/api/schedules`) and holding rooms at a
 * set temperature for a period (`/api/absences`). The rules that read them when a room's target
 * is decided belong to the building (its schedule and absence rules).
 */
export default fp(
  async (app) => {
    await app.register(schedulesService);
    await app.register(scheduleRoutes, { prefix: '/api/schedules' });
    await app.register(absenceRoutes, { prefix: '/api/absences' });
  },
  { name: 'schedules-module', dependencies: ['building', 'audit', 'auth'] },
);
