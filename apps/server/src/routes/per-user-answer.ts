import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRecord } from '../db/repositories/users.js';
import { answerHeaders } from '../plugins/fast-reads.js';

const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/**
 * A GET handler whose answer depends on the signed-in user alone (permissions/, /user),
 * serialized once per user record: the sign-in cache hands out the same record until it re-reads
 * the user (at most a second old), and a record is never changed in place, so a changed user
 * gets a new body. A plain handler, not an async one: a promise per request is measurable on
 * small answers. Needs `app.authenticate` before it, a response schema on the route, and
 * `compress: false` (the answer is always small; the fast lane sends no Vary either).
 */
export function answerPerUser(render: (user: UserRecord) => unknown) {
  const bodies = new WeakMap<UserRecord, { body: string; headers: string[] | null }>();
  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const user = request.user!;
    let known = bodies.get(user);
    if (known === undefined) {
      known = { body: reply.serialize(render(user)) as string, headers: null };
      bodies.set(user, known);
    }
    reply.headers(JSON_TYPE).send(known.body);
  };
  /** The fast lane (plugins/fast-reads.ts): this user's answer once Fastify's path made it. */
  const sendRaw = (response: ServerResponse, user: UserRecord): boolean => {
    const known = bodies.get(user);
    if (known === undefined) return false;
    known.headers ??= answerHeaders(JSON_TYPE, known.body);
    response.writeHead(200, known.headers);
    response.end(known.body);
    return true;
  };
  return Object.assign(answer, { sendRaw });
}
