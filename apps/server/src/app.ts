import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type Database from 'better-sqlite3';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import auditPlugin from './plugins/app/audit.js';
import roomCommandsPlugin from './plugins/app/room-commands.js';
import samplerPlugin from './plugins/app/sampler.js';
import schedulesPlugin from './plugins/app/schedules.js';
import simulationPlugin from './plugins/app/simulation.js';
import alarmsPlugin from './plugins/app/alarms.js';
import authPlugin from './plugins/auth.js';
import databasePlugin from './plugins/database.js';
import errorHandlerPlugin from './plugins/error-handler.js';
import { createFastReads } from './plugins/fast-reads.js';
import frameworkErrorsPlugin, {
  DEFAULT_TIMEOUTS,
  serverOptions,
  type ServerTimeouts,
} from './plugins/framework-errors.js';
import clockPlugin from './plugins/external/clock.js';
import mailerPlugin from './plugins/external/mailer.js';
import upstreamPlugin from './plugins/external/upstream.js';
import { lazyRequestLogger } from './plugins/request-logger.js';
import securityHeadersPlugin from './plugins/security-headers.js';
import webAppPlugin from './plugins/web-app.js';
import accountRoutes from './routes/accounts/index.js';
import accountsContext from './routes/accounts/context.js';
import { requestLogSerializer } from './routes/accounts/log-redaction.js';
import appConfigRoute from './routes/app-config.js';
import getRoutes from './routes/get/index.js';
import historyRoutes from './routes/history/index.js';
import setRoutes from './routes/set/index.js';
import proxyRoutes, { type DeviceAccount } from './routes/proxy.js';
import absenceRoutes from './routes/schedules/absences.js';
import scheduleRoutes from './routes/schedules/index.js';
import unknownHouseRoutes from './routes/unknown-house.js';
import auditRoutes from './routes/audit/index.js';
import alarmRoutes from './routes/alarms/index.js';

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

/** Proxy mode's one account on the device (loadConfig refuses UPSTREAM_URL without it). */
function deviceAccount(config: Config): DeviceAccount {
  if (!config.upstreamUser || !config.upstreamPassword) {
    throw new Error('proxy mode (UPSTREAM_URL) needs UPSTREAM_USER and UPSTREAM_PASSWORD');
  }
  return { user: config.upstreamUser, password: config.upstreamPassword };
}

/** The device API with its accounts, once at the root (tools) and once under /api (the web app). */
async function deviceApi(app: FastifyInstance, { config }: { config: Config }) {
  if (config.upstreamUrl) {
    await app.register(proxyRoutes, {
      upstream: config.upstreamUrl,
      houseId: config.houseId,
      account: deviceAccount(config),
    });
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
  // At LOG_LEVEL=debug every request is logged, so every request must go through Fastify.
  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  const fastReads = createFastReads({ enabled: !requestLogging });
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
    // Node's server with the polled reads' fast lane in front (plugins/fast-reads.ts).
    serverFactory: fastReads.serverFactory,
  });
  app.decorate('config', config);
  app.decorate('fastReads', fastReads);
  // A closing server answers through Fastify, which refuses new requests with a 503.
  app.addHook('preClose', (done) => {
    fastReads.stop();
    done();
  });
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
  // Proxy mode: the real device, polled with the device account for the history (and alarms).
  if (config.upstreamUrl) {
    await app.register(upstreamPlugin, {
      url: config.upstreamUrl,
      houseId: config.houseId,
      ...deviceAccount(config),
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
