import type { AppConfig } from '@raumregler/contract';
import { AppConfigSchema } from '@raumregler/contract/schemas';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Public facts the app needs before sign-in; the demo login only when the seed names one and
 * the building is simulated.
 */
const appConfigRoute: FastifyPluginAsync = async (app) => {
  app.get(
    '/app-config',
    { schema: { response: { 200: AppConfigSchema } } },
    async (): Promise<AppConfig> => {
      const settings = app.repos.settings;
      // Never in proxy mode: a real building behind, and a database that ran the demo before.
      const demo = app.config.upstreamUrl ? null : settings.get('demo_login');
      return {
        buildingName: settings.get('building_name') ?? 'Raumregler',
        demoLogin: demo ? (JSON.parse(demo) as AppConfig['demoLogin']) : null,
        deviceUrlTemplate: app.config.deviceUrlTemplate,
        registrationOpen: app.config.allowRegistration,
      };
    },
  );
};

export default appConfigRoute;
