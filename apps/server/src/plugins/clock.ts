import fp from 'fastify-plugin';
import { createLocalClock, type LocalClock } from '../domain/local-time.js';
import { viewContext, type ViewContext } from '../domain/room-view.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one source of "now": tests inject a clock, so expiry is tested without sleeping. */
    clock: {
      now: () => number;
      local: LocalClock;
      /** The instant and local time every room of one answer shares. */
      context: () => ViewContext;
    };
  }
}

export default fp<{ now: () => number; timeZone: string }>(
  async (app, { now, timeZone }) => {
    const local = createLocalClock(timeZone);
    app.decorate('clock', { now, local, context: () => viewContext(local, now()) });
  },
  { name: 'clock' },
);
