import fp from 'fastify-plugin';
import alarmRoutes from './routes.js';
import alarmService from './service.js';

export { DEFAULT_ALARM_SETTINGS, type AlarmSettings } from './rules.js';
export { alarmsVisibleTo } from './visibility.js';

/**
 * Alarms: too cold, too warm and silent sensors, evaluated after every simulation tick (or the
 * device's poll), kept open until they clear, mailed to the managers, read and acknowledged at
 * `/api/alarms`.
 */
export default fp(
  async (app) => {
    await app.register(alarmService);
    await app.register(alarmRoutes, { prefix: '/api/alarms' });
  },
  { name: 'alarms-module', dependencies: ['building', 'mailer', 'auth'] },
);
