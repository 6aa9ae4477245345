import type Database from 'better-sqlite3';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import authPlugin from './plugins/auth.js';
import databasePlugin from './plugins/database.js';
import errorHandlerPlugin from './plugins/error-handler.js';
import webAppPlugin from './plugins/web-app.js';
import accountRoutes from './routes/accounts/index.js';
import accountsContext from './routes/accounts/context.js';
import { requestLogSerializer } from './routes/accounts/log-redaction.js';
import appConfigRoute from './routes/app-config.js';
import getRoutes from './routes/get/index.js';

export interface AppOptions {
  config: Config;
  db: Database.Database;
  logger?: FastifyServerOptions['logger'];
}

/** The device API with its accounts, once at the root (tools) and once under /api (the web app). */
async function deviceApi(app: FastifyInstance, { houseId }: { houseId: number }) {
  await app.register(getRoutes, { prefix: `/get/json/v1/${houseId}` });
  await app.register(appConfigRoute);
  await app.register(accountRoutes);
}

/** Builds the whole server without listening, so tests can start it on any port. */
export async function buildApp({ config, db, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.password_confirmation'],
      serializers: { req: requestLogSerializer },
    },
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 64 * 1024,
  });
  await app.register(errorHandlerPlugin);
  await app.register(databasePlugin, { db });
  await app.register(authPlugin);
  await app.register(accountsContext, { config });
  await app.register(deviceApi, { houseId: config.houseId });
  await app.register(deviceApi, { houseId: config.houseId, prefix: '/api' });
  if (config.webDist) await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
