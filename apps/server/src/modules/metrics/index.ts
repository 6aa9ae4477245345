import fp from 'fastify-plugin';
import { createMetrics, type AppMetrics } from './collectors.js';
import metricsRoutes from './routes.js';

export { UNMATCHED_ROUTE, type AppMetrics } from './collectors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus metrics; `deviceUp` is how a mode with devices reports them. */
    metrics: AppMetrics;
  }
}

/**
 * Prometheus metrics (issue 35): `GET /metrics` in the text format, for a user with the read
 * capability: the rooms' values, the open alarms, the devices, the HTTP requests by route
 * template, the history sampler's lag and the process' own metrics. Registered after the
 * modules it reads; its timing hook covers every route of the app.
 */
export default fp(
  async (app) => {
    const metrics = createMetrics(app);
    app.decorate('metrics', metrics);
    // The route template, never the URL: one series per route, however many rooms are asked.
    // reply.elapsedTime is Fastify's own timer from the request's start. onSend, not onResponse:
    // the app runs onSend hooks on every answer already (security headers), so one more costs a
    // call, where the first onResponse hook would add a hook runner to every request (~1 µs CPU
    // on a polled temps/ of ~21 µs, measured with bench/compare.ts). The time is to the answer
    // handed to the socket (a 404 and an error answer pass onSend too).
    app.addHook('onSend', (request, reply, payload, done) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime,
      );
      done(null, payload);
    });
    // Proxy mode: each proxy building's device state after every poll, under the device's host;
    // gone with the building.
    app.houses.each((house) => {
      const found = app.deviceOf(house);
      if (found.kind !== 'proxy') return;
      const device = new URL(found.url).host;
      const stop = app.upstreamOf(house).onOutcome((useful) => metrics.deviceUp(device, useful));
      return () => {
        stop();
        metrics.deviceUp(device, null);
      };
    });
    // MQTT (issue 36): each zigbee2mqtt device under its friendly name, as its availability
    // changes (and once a minute, for a mains device falling silent without a message).
    const registry = app.mqtt?.registry;
    if (registry) {
      const shown = new Map<string, boolean>();
      const update = (name: string) => {
        const availability = registry.availabilityOf(name);
        const up = availability === null ? null : availability === 'online';
        if (up === null ? !shown.has(name) : shown.get(name) === up) return;
        if (up === null) shown.delete(name);
        else shown.set(name, up);
        metrics.deviceUp(name, up);
      };
      const all = () => {
        const names = new Set(registry.reports().map((report) => report.device.name));
        for (const name of shown.keys()) if (!names.has(name)) update(name);
        for (const name of names) update(name);
      };
      const stop = registry.onChange((change) => {
        if (change.kind === 'device') update(change.name);
        else if (change.kind === 'devices') all();
      });
      all();
      const timer = setInterval(all, 60_000);
      timer.unref();
      app.addHook('onClose', async () => {
        clearInterval(timer);
        stop();
      });
    }
    await app.register(metricsRoutes);
  },
  {
    name: 'metrics-module',
    dependencies: ['building', 'room-access', 'auth', 'alarms', 'sampler', 'mqtt'],
  },
);
