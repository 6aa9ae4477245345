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
export default fp<{ simulation: boolean }>(
  async (app, { simulation }) => {
    await app.register(sampler, { recordTimer: simulation, simulation });
    await app.register(historyRoutes, { prefix: '/api/history', simulation });
  },
  { name: 'history-module', dependencies: ['building', 'auth'] },
);
