import fp from 'fastify-plugin';
import historyRoutes from './routes.js';
import sampler from './sampler.js';

export type { BackfillStatus, History } from './sampler.js';
/** A sample as `app.history.query` and the store give it: temperature, target, humidity, valve. */
export type { HistorySample } from './rules.js';

/**
 * The temperature history: samples of every room recorded from the simulation (or the device's
 * polled answers in proxy mode), packed and pruned in the background, read by `/api/history`.
 */
export default fp<{ simulation: boolean; backfill?: boolean }>(
  async (app, { simulation, backfill = simulation }) => {
    // MQTT mode (issue 36): recorded like the simulation, but no invented past (`backfill`).
    await app.register(sampler, { recordTimer: simulation, simulation, backfill });
    await app.register(historyRoutes, { prefix: '/api/history', simulation });
  },
  { name: 'history-module', dependencies: ['building', 'auth'] },
);
