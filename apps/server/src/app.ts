import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type Database from 'better-sqlite3';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import auditPlugin from './modules/audit/service.js';
import roomCommandsPlugin from './modules/building/room-commands-service.js';
import samplerPlugin from './modules/history/sampler.js';
import schedulesPlugin from './modules/schedules/service.js';
import simulationPlugin from './modules/building/simulation-service.js';
import alarmsPlugin from './modules/alarms/service.js';
import authPlugin from './platform/auth/plugin.js';
import databasePlugin from './platform/database/plugin.js';
import errorHandlerPlugin from './platform/http/error-handler.js';
import frameworkErrorsPlugin, {
  DEFAULT_TIMEOUTS,
  serverOptions,
  type ServerTimeouts,
} from './platform/http/framework-errors.js';
import clockPlugin from './platform/clock/plugin.js';
import mailerPlugin from './platform/mail/plugin.js';
import upstreamPlugin from './modules/proxy/upstream.js';
import { lazyRequestLogger } from './platform/http/request-logger.js';
import securityHeadersPlugin from './platform/http/security-headers.js';
import webAppPlugin from './platform/http/web-app.js';
import accountRoutes from './modules/accounts/index.js';
import accountsContext from './modules/accounts/context.js';
import { requestLogSerializer } from './modules/accounts/log-redaction.js';
import appConfigRoute from './modules/accounts/app-config.js';
import getRoutes from './modules/building/routes/reads.js';
import historyRoutes from './modules/history/routes.js';
import setRoutes from './modules/building/routes/writes.js';
import proxyRoutes from './modules/proxy/routes.js';
import absenceRoutes from './modules/schedules/absence-routes.js';
import scheduleRoutes from './modules/schedules/routes.js';
import unknownHouseRoutes from './modules/building/routes/unknown-house.js';
import auditRoutes from './modules/audit/routes.js';
import alarmRoutes from './modules/alarms/routes.js';

export interface AppOptions {
  config: Config;
  db: Database.Database;
  logger?: FastifyServerOptions['logger'];
  /** The one clock of the app; tests inject one to move time without sleeping. */
  now?: () => number;
  /** Tests shorten these to see a stuck client cut off; the defaults suit every real client. */
  timeouts?: Partial<ServerTimeouts>;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** The device API with its accounts, once at the root (tools) and once under /api (the web app). */
async function deviceApi(app: FastifyInstance, { config }: { config: Config }) {
  if (config.upstreamUrl) {
    await app.register(proxyRoutes, { upstream: config.upstreamUrl });
  } else {
    const { houseId } = config;
    await app.register(getRoutes, { prefix: `/get/json/v1/${houseId}` });
    await app.register(setRoutes, { prefix: `/set/json/v1/${houseId}` });
    await app.register(unknownHouseRoutes, { houseId });
  }
  await app.register(appConfigRoute);
  await app.register(accountRoutes);
}

/** Builds the whole server without listening, so tests can start it on any port. */
export async function buildApp({
  config,
  db,
  logger,
  now,
  timeouts,
}: AppOptions): Promise<FastifyInstance> {
  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'req.body.password_confirmation'],
      serializers: { req: requestLogSerializer },
    },
    // Tools poll every few seconds: two log lines per poll would drown the log and cost
    // throughput. Errors are still logged; LOG_LEVEL=debug brings the request lines back.
    logController: new LogController({
      disableRequestLogging: !requestLogging,
    }),
    // request.log becomes a pino child only when a request logs something (request-logger.ts).
    // Without a logger (tests) Fastify skips the child altogether; a factory would undo that.
    ...(logger === false ? {} : { childLoggerFactory: lazyRequestLogger }),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    // Bounded waits for every client, and framework-level errors in the contract's shape.
    ...serverOptions({ ...DEFAULT_TIMEOUTS, ...timeouts }),
  });
  app.decorate('config', config);
  await app.register(errorHandlerPlugin);
  await app.register(frameworkErrorsPlugin);
  await app.register(securityHeadersPlugin, {
    webDist: config.webDist,
    deviceUrlTemplate: config.deviceUrlTemplate,
  });
  // Brotli at a low quality: most of its gain at a fraction of the CPU of the default (11).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  // External services (plugins/external): what talks to the world outside, replaceable in tests.
  await app.register(clockPlugin, { now: now ?? Date.now, timeZone: config.timeZone });
  await app.register(mailerPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
  });
  // Proxy mode: the real device, asked for sign-ins and polled for the history (and alarms).
  if (config.upstreamUrl) {
    await app.register(upstreamPlugin, {
      url: config.upstreamUrl,
      houseId: config.houseId,
      user: config.upstreamUser,
      password: config.upstreamPassword,
    });
  }
  // Infrastructure (plugins/): the database and sign-in.
  await app.register(databasePlugin, { db });
  // The audit log before sign-in: the auth plugin records repeatedly refused sign-ins.
  await app.register(auditPlugin);
  await app.register(authPlugin);
  // The app's services (plugins/app): routes, the CLI and timers change the building through these.
  await app.register(roomCommandsPlugin);
  await app.register(schedulesPlugin);
  // In proxy mode the real device is the building: nothing to simulate.
  await app.register(simulationPlugin, { speed: config.simSpeed, timer: !config.upstreamUrl });
  // The temperature history: recorded from the simulation, or from the upstream poll in proxy mode.
  await app.register(samplerPlugin, {
    recordTimer: !config.upstreamUrl,
    simulation: !config.upstreamUrl,
  });
  // Alarms: evaluated after each simulation tick (or upstream poll), mailed through the mailer.
  await app.register(alarmsPlugin);
  await app.register(accountsContext, { config });
  await app.register(deviceApi, { config });
  await app.register(deviceApi, { config, prefix: '/api' });
  // Our own endpoints (/api only): what our server adds to any Controme building.
  await app.register(auditRoutes, { prefix: '/api/audit' });
  await app.register(historyRoutes, { prefix: '/api/history' });
  await app.register(alarmRoutes, { prefix: '/api/alarms' });
  await app.register(scheduleRoutes, { prefix: '/api/schedules' });
  await app.register(absenceRoutes, { prefix: '/api/absences' });
  if (config.webDist) await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
