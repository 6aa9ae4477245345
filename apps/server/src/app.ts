import zlib from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import accountsModule, {
  LOG_REDACT_PATHS,
  requestLogSerializer,
} from './modules/accounts/index.js';
import alarmsModule from './modules/alarms/index.js';
import auditModule, { recordSignInRefusal } from './modules/audit/index.js';
import buildingModule, {
  deviceApiRoutes,
  drivesBuilding,
  roomLimitsRoutes,
} from './modules/building/index.js';
import buildingsModule from './modules/buildings/index.js';
import historyModule from './modules/history/index.js';
import metricsModule from './modules/metrics/index.js';
import homeAssistantModule from './modules/homeassistant/index.js';
import mqttModule from './modules/mqtt/index.js';
import proxyModule from './modules/proxy/index.js';
import schedulesModule from './modules/schedules/index.js';
import tokensModule, { recordTokenFirstUse } from './modules/tokens/index.js';
import authPlugin from './platform/auth/plugin.js';
import backgroundPlugin from './platform/background/plugin.js';
import clockPlugin from './platform/clock/plugin.js';
import databasePlugin from './platform/database/plugin.js';
import type { Store } from './platform/database/store.js';
import { inHouse } from './platform/auth/users.js';
import errorHandlerPlugin from './platform/http/error-handler.js';
import frameworkErrorsPlugin, {
  DEFAULT_TIMEOUTS,
  serverOptions,
  type ServerTimeouts,
} from './platform/http/framework-errors.js';
import apiDocsPagePlugin from './platform/http/api-docs-page.js';
import openapiPlugin from './platform/http/openapi.js';
import { lazyRequestLogger } from './platform/http/request-logger.js';
import securityHeadersPlugin from './platform/http/security-headers.js';
import webAppPlugin from './platform/http/web-app.js';
import mailerPlugin from './platform/mail/plugin.js';

export interface AppOptions {
  config: Config;
  /** The open database (openStore: SQLite or PostgreSQL); closed with the app. */
  store: Store;
  logger?: FastifyServerOptions['logger'];
  /** Where the app's own logger writes (default stdout); tests read what it logs. */
  logStream?: { write: (line: string) => void };
  /** The one clock of the app; tests inject one to move time without sleeping. */
  now?: () => number;
  /** Tests shorten these to see a stuck client cut off; the defaults suit every real client. */
  timeouts?: Partial<ServerTimeouts>;
  /** Proxy mode: the wait before a write's second read-back (default 2 s); tests shorten it. */
  readBackRetryMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Builds the whole server without listening, so tests can start it on any port. */
export async function buildApp({
  config,
  store,
  logger,
  logStream,
  now,
  timeouts,
  readBackRetryMs,
}: AppOptions): Promise<FastifyInstance> {
  const requestLogging = ['debug', 'trace'].includes(config.logLevel);
  const app = Fastify({
    logger: logger ?? {
      level: config.logLevel,
      redact: LOG_REDACT_PATHS,
      serializers: { req: requestLogSerializer },
      ...(logStream ? { stream: logStream } : {}),
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
  // The API description (decision 82): collects every route registered after it (after
  // @fastify/compress, which compresses only routes registered after it).
  await app.register(openapiPlugin, { houseId: config.houseId });
  await app.register(apiDocsPagePlugin);
  // The platform (src/platform): what every module uses.
  await app.register(clockPlugin, { now: now ?? Date.now, timeZone: config.timeZone });
  await app.register(mailerPlugin, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
  });
  await app.register(databasePlugin, { store });
  // Each building's background work, run by the node that holds the building's lease.
  await app.register(backgroundPlugin);
  await app.register(authPlugin, {
    onRefusal: (request, refusal) => recordSignInRefusal(app, request, refusal),
    onTokenFirstUse: (tx, request, token) => recordTokenFirstUse(app, tx, request, token),
    // Issue 37: a user's access is that in the request's building (modules/building).
    placeUser: (request, user) => inHouse(user, request.house.id),
  });
  // The modules (src/modules), each one feature with its routes; each uses only the modules
  // registered before it. Proxy mode: the real device is the building, nothing is simulated.
  const simulation = !config.upstreamUrl;
  // MQTT mode (issue 36): our rooms, fed by real devices (modules/mqtt), never simulated.
  const realDevices = drivesBuilding(config);
  await app.register(auditModule);
  await app.register(buildingModule, {
    speed: config.simSpeed,
    simulate: simulation && !realDevices,
  });
  // Proxy mode, per building (issue 37): the device polls, programmes and the forwarding of
  // the buildings in front of a Controme server. Before the schedules: their read shows the
  // device's own programme (app.deviceProgrammeOf).
  await app.register(proxyModule, readBackRetryMs === undefined ? {} : { readBackRetryMs });
  await app.register(schedulesModule);
  // The device API at the root (tools) and under /api (the web app): each request answered as
  // its building is (our rooms, or its device through the proxy).
  for (const prefix of ['', '/api']) {
    await app.register(deviceApiRoutes, { prefix, forward: app.forwardToDevice });
  }
  // Ours (issue 34): a room's limits, for those who manage it; in proxy mode too (our rooms
  // follow the device's, and the proxy checks a bound user's writes against them).
  await app.register(roomLimitsRoutes, { prefix: '/api' });
  await app.register(historyModule, { simulation, backfill: simulation && !realDevices });
  await app.register(alarmsModule);
  // Gebäude (issue 37): every building the user may read, with the overview's figures.
  await app.register(buildingsModule);
  // MQTT_URL (issue 36): the broker and zigbee2mqtt's devices; in MQTT mode they feed the rooms
  // and the thermostats are driven (modules/mqtt/driver.ts).
  await app.register(mqttModule);
  // Home Assistant discovery over MQTT (issue 36): in every mode, with MQTT_URL and HA_DISCOVERY.
  await app.register(homeAssistantModule);
  await app.register(accountsModule);
  await app.register(tokensModule);
  // Last of the modules: it reads the others, and its timing hook covers every route.
  await app.register(metricsModule);
  if (config.webDist) await app.register(webAppPlugin, { root: config.webDist });
  return app;
}
