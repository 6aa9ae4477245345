import fp from 'fastify-plugin';
import { createClock, type Clock } from './clock.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one source of "now": tests inject a clock, so expiry is tested without sleeping. */
    clock: Clock;
  }
}

export default fp<{ now: () => number; timeZone: string }>(
  async (app, { now, timeZone }) => {
    app.decorate('clock', createClock(now, timeZone));
  },
  { name: 'clock' },
);
