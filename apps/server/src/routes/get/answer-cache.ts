import type { FastifyReply } from 'fastify';

/**
 * One serialized answer per second and data version. Polling clients (the app every few
 * seconds, tools, dashboards) ask for the same list again and again; rendering and serializing
 * a large building once per second instead of once per request keeps p99 low. The answer is at
 * most a second old, the resolution of remaining_time anyway.
 */
export function createAnswerCache<T>(render: () => T) {
  let key = '';
  let body: ReturnType<FastifyReply['serialize']> = '';
  return (reply: FastifyReply, version: string, now: number): FastifyReply => {
    const current = `${Math.floor(now / 1000)}|${version}`;
    if (current !== key) {
      // reply.serialize uses the route's response schema (fast-json-stringify).
      body = reply.serialize(render());
      key = current;
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
