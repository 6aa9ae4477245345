// The yardstick: the smallest Fastify server, same framework and Node as Raumregler, no logging,
// so the bench ratio shows what our routes, auth and database cost on top of the framework.
// With BODY_FILE it answers those bytes instead (gzipped once at start for clients that take
// gzip): the ceiling for an answer of that size on this machine, whatever the server does.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';

const body = process.env.BODY_FILE ? readFileSync(process.env.BODY_FILE) : null;
const gzipped = body ? gzipSync(body) : null;
const app = Fastify({ logger: false });
app.get('/', async (request, reply) => {
  if (!body) return { hello: 'world' };
  reply.type('application/json; charset=utf-8');
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
    return reply.header('content-encoding', 'gzip').send(gzipped);
  }
  return reply.send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
