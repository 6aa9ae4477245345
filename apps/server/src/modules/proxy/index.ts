import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import deviceProgramme from './programme.js';
import { deviceForwarder } from './routes.js';
import upstream from './upstream.js';

export type { DeviceProgramme } from './programme.js';
export {
  UpstreamUnavailableError,
  accountMissing,
  type PolledRoom,
  type OutcomeListener,
} from './upstream.js';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a device API request of a proxy building (`app.deviceOf(request.house).kind ===
     * 'proxy'`) from its device: the device API's routes (modules/building) hand such requests
     * here.
     */
    forwardToDevice: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/**
 * Proxy mode (issue 37: per building): a building in front of a Controme server (UPSTREAM_URL
 * for the server's own, `building add --upstream-url` for another) has its device API
 * forwarded to that device instead of our rooms (`app.forwardToDevice`), checked with our own
 * accounts and passed on with the building's device account; each such device is polled with
 * that account for the building's history and alarms (`app.upstreamOf(house)`); its own
 * programme is read with it for the Wochenplan (`app.deviceProgrammeOf(house)`).
 */
export default fp<{ readBackRetryMs?: number }>(
  async (app, { readBackRetryMs }) => {
    await app.register(upstream);
    // The device's own programme, which the schedules module shows (registered after this one).
    await app.register(deviceProgramme);
    app.decorate(
      'forwardToDevice',
      deviceForwarder(app, readBackRetryMs === undefined ? {} : { readBackRetryMs }),
    );
  },
  { name: 'proxy', dependencies: ['clock', 'auth', 'audit', 'building'] },
);
