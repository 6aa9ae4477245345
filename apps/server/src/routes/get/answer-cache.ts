import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answerHeaders, flatHeaders } from '../../plugins/fast-reads.js';
import { API_ANSWER_HEADERS } from '../../plugins/security-headers.js';

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
 * Each rendering gets its own ETag (one per encoding, as a strong validator must), so a client
 * that already holds it gets a 304 without a body.
 */
export function createAnswerCache<T>(render: () => T) {
  let second = -1;
  let version = '';
  let generation = 0;
  // Per process and cache: an ETag from before a restart must never match a new answer.
  const origin = randomBytes(6).toString('base64url');
  let body = Buffer.alloc(0);
  let gzipped: Buffer | null = null;
  let etag = '';
  let gzipEtag = '';
  // The fast lane's header lists of this rendering (plugins/fast-reads.ts), made on first use.
  let plainHeaders: string[] | null = null;
  let gzipHeaders: string[] | null = null;
  let plain304: string[] | null = null;
  let gzip304: string[] | null = null;
  const takesGzip = gzipMemo();
  // Headers of the 304 and 200 answers alike; the ETag is set per answer.
  const common = { 'content-type': 'application/json; charset=utf-8', vary: 'accept-encoding' };
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    currentVersion: string,
    now: number,
  ) => {
    const currentSecond = Math.floor(now / 1000);
    if (currentSecond !== second || currentVersion !== version) {
      // reply.serialize uses the route's response schema (fast-json-stringify).
      const fresh = Buffer.from(reply.serialize(render()) as string);
      second = currentSecond;
      version = currentVersion;
      // Same bytes as before (nothing moved in this second): keep the ETag, clients keep their 304.
      if (!fresh.equals(body)) {
        body = fresh;
        gzipped = null;
        generation += 1;
        etag = `"${origin}.${generation}"`;
        gzipEtag = `"${origin}.${generation}.gz"`;
        plainHeaders = null;
        gzipHeaders = null;
        plain304 = null;
        gzip304 = null;
      }
    }
    reply.headers(common);
    if (body.length >= GZIP_THRESHOLD && takesGzip(request.headers['accept-encoding'])) {
      reply.header('etag', gzipEtag);
      if (request.headers['if-none-match'] === gzipEtag) return reply.code(304).send();
      gzipped ??= gzipSync(body);
      return reply.header('content-encoding', 'gzip').send(gzipped);
    }
    reply.header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(body);
  };
  /**
   * The fast lane: the same answer, headers and all, when this second's rendering is there
   * (and, for a gzip client, its gzip copy); false, having written nothing, when it is not.
   */
  const sendRaw = (
    request: IncomingMessage,
    response: ServerResponse,
    currentVersion: string,
    now: number,
  ): boolean => {
    if (Math.floor(now / 1000) !== second || currentVersion !== version) return false;
    if (body.length >= GZIP_THRESHOLD && takesGzip(request.headers['accept-encoding'])) {
      if (gzipped === null) return false;
      if (request.headers['if-none-match'] === gzipEtag) {
        gzip304 ??= flatHeaders(common, { etag: gzipEtag }, API_ANSWER_HEADERS);
        response.writeHead(304, gzip304);
        response.end();
        return true;
      }
      gzipHeaders ??= answerHeaders(
        { ...common, etag: gzipEtag, 'content-encoding': 'gzip' },
        gzipped,
      );
      response.writeHead(200, gzipHeaders);
      response.end(gzipped);
      return true;
    }
    if (request.headers['if-none-match'] === etag) {
      plain304 ??= flatHeaders(common, { etag }, API_ANSWER_HEADERS);
      response.writeHead(304, plain304);
      response.end();
      return true;
    }
    plainHeaders ??= answerHeaders({ ...common, etag }, body);
    response.writeHead(200, plainHeaders);
    response.end(body);
    return true;
  };
  return Object.assign(answer, { sendRaw });
}
