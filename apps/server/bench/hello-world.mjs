// The yardsticks: the smallest Fastify server, same framework and Node as Raumregler, no
// logging. `/` answers {"hello":"world"}: what our routes, auth and database cost on top of the
// framework. With BODY_DIR, for each file NAME in that folder (the bench writes there exactly
// what our server sent):
// - `/same/NAME`: the same-bytes ceiling, the most any server on this machine can do for our
//   answer: the bytes of NAME with the headers of NAME.headers.json (our server's own, Date and
//   the connection's aside); to a client that takes gzip the bytes of NAME.gz with those of
//   NAME.gz.headers.json, when our server sent gzip (a body it does not compress is not
//   compressed here either).
// - `/body/NAME`: the same body with Content-Type as its only header (and Content-Encoding for
//   NAME.gz): what the answer would cost without our headers (INFO in the bench).
// BODY_FILE: one file at `/`, gzipped once at start.
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
  const read = (file) => (files.includes(file) ? readFileSync(path.join(dir, file)) : null);
  for (const name of files.filter((file) => !file.endsWith('.gz') && !file.endsWith('.json'))) {
    const body = readFileSync(path.join(dir, name));
    const gz = read(`${name}.gz`);
    app.get(`/body/${name}`, gz ? sendBytes(body, gz) : sendBytes(body, null));
    const headers = JSON.parse(read(`${name}.headers.json`) ?? '{}');
    const gzHeaders = JSON.parse(read(`${name}.gz.headers.json`) ?? '{}');
    app.get(`/same/${name}`, async (request, reply) => {
      if (gz && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
        return reply.headers(gzHeaders).send(gz);
      }
      return reply.headers(headers).send(body);
    });
  }
}
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
