// The yardsticks: the smallest Fastify server, same framework and Node as Raumregler, no
// logging. `/` answers {"hello":"world"}: what our routes, auth and database cost on top of the
// framework. With BODY_DIR, `/body/NAME` answers the bytes of the file NAME in that folder, and
// to a client that takes gzip the bytes of NAME.gz with `Content-Encoding: gzip` when that file
// exists (the bench writes there exactly what our server sent, so a body our server does not
// compress is not compressed here either): the same-bytes ceiling, the most any server on this
// machine can do for those bytes. BODY_FILE: one file at `/`, gzipped once at start.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import Fastify from 'fastify';

const app = Fastify({ logger: false });

function sendBytes(body, gzipped = gzipSync(body)) {
  return async (request, reply) => {
    reply.type('application/json; charset=utf-8');
    if (gzipped && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      return reply.header('content-encoding', 'gzip').send(gzipped);
    }
    return reply.send(body);
  };
}

if (process.env.BODY_FILE) app.get('/', sendBytes(readFileSync(process.env.BODY_FILE)));
else app.get('/', async () => ({ hello: 'world' }));
if (process.env.BODY_DIR) {
  const dir = process.env.BODY_DIR;
  const files = readdirSync(dir);
  for (const name of files.filter((file) => !file.endsWith('.gz'))) {
    const body = readFileSync(path.join(dir, name));
    const gz = files.includes(`${name}.gz`) ? readFileSync(path.join(dir, `${name}.gz`)) : null;
    app.get(`/body/${name}`, gz ? sendBytes(body, gz) : sendBytes(body, null));
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
