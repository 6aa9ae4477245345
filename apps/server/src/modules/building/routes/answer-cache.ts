import { createHash } from 'node:crypto';
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
 * A client sends the same Accept-Encoding on every poll, and a building's clients send one of
 * a handful: remembering the last answer spares the parse (and its garbage) on almost every call.
 */
function gzipMemo() {
  let lastHeader: string | undefined;
  let lastAnswer = false;
  return (header: string | undefined) => {
    if (header !== lastHeader) {
      lastAnswer = acceptsGzip(header);
      lastHeader = header;
    }
    return lastAnswer;
  };
}

// Small answers are not worth compressing (the same threshold as for everything else).
const GZIP_THRESHOLD = 1024;

/**
 * One serialized answer per second and data version. Polling clients (the app every few
 * seconds, tools, dashboards) ask for the same list again and again; rendering, serializing and
 * compressing a large building once per second instead of once per request keeps p99 low. The
 * answer is at most a second old, the resolution of remaining_time anyway. Routes using it turn
 * @fastify/compress off (`compress: false`): the gzip copy here is made once, not per request.
 * The ETag names the answer's bytes (a hash of them; one per encoding, as a strong validator
 * must), so a client that already holds them gets a 304 without a body, from whichever node it
 * asks (issue 37: every node renders the same bytes from the same data version and second).
 */
export function createAnswerCache<T>(
  render: () => T,
  source: { version: () => string; now: () => number },
) {
  let second = -1;
  let version = '';
  let body = Buffer.alloc(0);
  let gzipped: Buffer | null = null;
  let etag = '';
  let gzipEtag = '';
  const takesGzip = gzipMemo();
  // Headers of the 304 and 200 answers alike; the ETag is set per answer.
  const common = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
  return (request: FastifyRequest, reply: FastifyReply): void => {
    const currentSecond = Math.floor(source.now() / 1000);
    const currentVersion = source.version();
    if (currentSecond !== second || currentVersion !== version) {
      // reply.serialize uses the route's response schema (fast-json-stringify).
      const fresh = Buffer.from(reply.serialize(render()) as string);
      second = currentSecond;
      version = currentVersion;
      // Same bytes as before (nothing moved in this second): keep the ETag, clients keep their 304.
      if (!fresh.equals(body)) {
        body = fresh;
        gzipped = null;
        const tag = createHash('sha256').update(body).digest('base64url').slice(0, 22);
        etag = `"${tag}"`;
        gzipEtag = `"${tag}.gz"`;
      }
    }
    reply.headers(common);
    if (body.length >= GZIP_THRESHOLD && takesGzip(request.headers['accept-encoding'])) {
      reply.header('etag', gzipEtag);
      if (request.headers['if-none-match'] === gzipEtag) reply.code(304).send();
      else reply.header('content-encoding', 'gzip').send((gzipped ??= gzipSync(body)));
      return;
    }
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) reply.code(304).send();
    else reply.send(body);
  };
}
