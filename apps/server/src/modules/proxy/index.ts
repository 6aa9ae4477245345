import fp from 'fastify-plugin';
import deviceProgramme from './programme.js';
import proxyRoutes from './routes.js';
import upstream from './upstream.js';

export type { DeviceProgramme } from './programme.js';
export { UpstreamUnavailableError, type PolledRoom, type OutcomeListener } from './upstream.js';

/**
 * Proxy mode (UPSTREAM_URL): the device API is forwarded to a real controller instead of the
 * simulation, checked with our own accounts and passed on with the one device account, and the
 * device is polled with that account for the history and the alarms (`app.upstreamPoll`); its
 * own programme is read with it for the Wochenplan (`app.deviceProgramme`).
 */
export default fp<{
  url: string;
  houseId: number;
  user: string | null;
  password: string | null;
  readBackRetryMs?: number;
}>(
  async (app, { url, houseId, user, password, readBackRetryMs }) => {
    // loadConfig refuses UPSTREAM_URL without the account; a config made by hand must not pass.
    if (!user || !password) {
      throw new Error('proxy mode (UPSTREAM_URL) needs UPSTREAM_USER and UPSTREAM_PASSWORD');
    }
    const account = { user, password };
    await app.register(upstream, { url, houseId, ...account });
    // The device's own programme, which the schedules module shows (registered after this one).
    await app.register(deviceProgramme, { url, houseId, ...account });
    // The device API at the root (tools) and under /api (the web app).
    for (const prefix of ['', '/api']) {
      await app.register(proxyRoutes, {
        prefix,
        upstream: url,
        houseId,
        account,
        ...(readBackRetryMs === undefined ? {} : { readBackRetryMs }),
      });
    }
  },
  { name: 'proxy', dependencies: ['clock', 'auth', 'audit'] },
);
