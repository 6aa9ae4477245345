import type { FastifyPluginAsync } from 'fastify';

/**
 * `GET /metrics` (at the root, where Prometheus looks): the text exposition for a user with the
 * read capability (Basic or a token, as every read); 401/403 as JSON otherwise. A user with a
 * room scope sees the rooms (and the rooms' alarms) of their scope.
 */
const metricsRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/metrics',
    {
      preHandler: [app.authenticate, app.requireCapability('read')],
      config: {
        docs: {
          summary: 'Prometheus metrics: rooms, open alarms, device, requests, process',
          tags: ['metrics'],
          response: {
            200: {
              description: 'Prometheus text format 0.0.4',
              content: { 'text/plain': { schema: { type: 'string' } } },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const body = await app.metrics.render(app.roomAccess.rooms(request));
      reply.header('content-type', app.metrics.registry.contentType);
      reply.header('cache-control', 'no-store');
      return body;
    },
  );
};

export default metricsRoutes;
