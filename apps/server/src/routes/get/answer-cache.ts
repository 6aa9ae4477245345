import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client takes gzip (`Accept-Encoding`, honouring `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((entry) => {
    const [coding, ...params] = entry.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * One serialized answer per second and data version. Polling clients (the app every few
 * seconds, tools, dashboards) ask for the same list again and again; rendering, serializing and
 * compressing a large building once per second instead of once per request keeps p99 low. The
 * answer is at most a second old, the resolution of remaining_time anyway. Routes using it turn
 * @fastify/compress off (`compress: false`): the gzip copy here is made once, not per request.
 */
export function createAnswerCache<T>(render: () => T) {
  let key = '';
  let body = Buffer.alloc(0);
  let gzipped: Buffer | null = null;
  return (request: FastifyRequest, reply: FastifyReply, version: string, now: number) => {
    const current = `${Math.floor(now / 1000)}|${version}`;
    if (current !== key) {
      // reply.serialize uses the route's response schema (fast-json-stringify).
      body = Buffer.from(reply.serialize(render()) as string);
      gzipped = null;
      key = current;
    }
    reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
    // Small answers are not worth compressing (the same threshold as for everything else).
    if (body.length >= 1024 && acceptsGzip(request.headers['accept-encoding'])) {
      gzipped ??= gzipSync(body);
      return reply.header('content-encoding', 'gzip').send(gzipped);
    }
    return reply.send(body);
  };
}
