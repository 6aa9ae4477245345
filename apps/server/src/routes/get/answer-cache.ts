import type { FastifyReply } from 'fastify';

/**
 * One serialized answer per second and data version. Polling clients (the app every few
 * seconds, tools, dashboards) ask for the same list again and again; rendering and serializing
 * a large building once per second instead of once per request keeps p99 low. The answer is at
 * most a second old, the resolution of remaining_time anyway.
 */
export function createAnswerCache<T>(render: () => T) {
  let key = '';
  let body = Buffer.alloc(0);
  return (reply: FastifyReply, version: string, now: number): FastifyReply => {
    const current = `${Math.floor(now / 1000)}|${version}`;
    if (current !== key) {
      // reply.serialize uses the route's response schema (fast-json-stringify).
      // Kept as bytes: a large building's answer is then not re-encoded for every request.
      body = Buffer.from(reply.serialize(render()) as string);
      key = current;
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}
