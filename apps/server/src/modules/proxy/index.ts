import fp from 'fastify-plugin';
import proxyRoutes from './routes.js';
import upstream from './upstream.js';

export { UpstreamUnavailableError, type PolledRoom } from './upstream.js';

/**
 * Proxy mode (UPSTREAM_URL): the device API is forwarded to a real controller instead of the
 * simulation, and the device is polled for the history and the alarms (`app.upstreamPoll`).
 */
export default fp<{ url: string; houseId: number; user: string | null; password: string | null }>(
  async (app, options) => {
    await app.register(upstream, options);
    for (const prefix of ['', '/api']) {
      await app.register(proxyRoutes, { prefix, upstream: options.url });
    }
  },
  { name: 'proxy', dependencies: ['clock', 'auth', 'audit'] },
);
