import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRecord } from '../db/repositories/users.js';

/**
 * A GET handler whose answer depends on the signed-in user alone (permissions/, /user),
 * serialized once per user record: the sign-in cache hands out the same record until it re-reads
 * the user (at most a second old), and a record is never changed in place, so a changed user
 * gets a new body. A plain handler, not an async one: a promise per request is measurable on
 * small answers. Needs `app.authenticate` before it and a response schema on the route.
 */
export function answerPerUser(render: (user: UserRecord) => unknown) {
  const bodies = new WeakMap<UserRecord, string>();
  return (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user!;
    let body = bodies.get(user);
    if (body === undefined) {
      body = reply.serialize(render(user)) as string;
      bodies.set(user, body);
    }
    reply.type('application/json; charset=utf-8').send(body);
  };
}
