import http from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorCode } from '@raumregler/contract';
import type {
  FastifyError,
  FastifyHttpOptions,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, sendError } from './error-handler.js';
import { SECURITY_HEADERS } from './security-headers.js';

/**
 * How long the server waits for a client, in ms. A real client sends its headers and its small
 * body within milliseconds; one that dribbles them (slowloris) or stops half-way would otherwise
 * hold a socket and a file handle for as long as it likes.
 */
export interface ServerTimeouts {
  /** Until the request's headers are all there (node `headersTimeout`). */
  headers: number;
  /** Until the whole request, body included, is there (node/Fastify `requestTimeout`). */
  request: number;
  /**
   * A socket with no traffic at all (Fastify `connectionTimeout`): the last resort, cut without
   * an answer, so longer than `request`, which answers 408.
   */
  idle: number;
  /** Between two requests on a kept-alive socket (Fastify `keepAliveTimeout`, its default). */
  keepAlive: number;
  /** How often node looks for requests past their time (`connectionsCheckingInterval`). */
  checkEvery: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headers: 10_000,
  request: 30_000,
  idle: 60_000,
  keepAlive: 72_000,
  checkEvery: 2_000,
};

/** The Fastify options that bound every request in time and answer socket-level errors. */
export function serverOptions(
  timeouts: ServerTimeouts,
): Pick<
  FastifyHttpOptions<RawServerDefault>,
  | 'connectionTimeout'
  | 'requestTimeout'
  | 'keepAliveTimeout'
  | 'http'
  | 'clientErrorHandler'
  | 'frameworkErrors'
> {
  return {
    connectionTimeout: timeouts.idle,
    requestTimeout: timeouts.request,
    keepAliveTimeout: timeouts.keepAlive,
    http: {
      headersTimeout: timeouts.headers,
      connectionsCheckingInterval: timeouts.checkEvery,
      // A request without Host is answered by us (hook below), not by node's bare 400.
      requireHostHeader: false,
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

/** Status, code and message of a request node could not even parse; nothing of it is echoed. */
function describeClientError(error: NodeJS.ErrnoException): [number, ErrorCode, string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'request_timeout', 'The request did not arrive in time.'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large', 'The request headers are too large.'];
    case 'HPE_INVALID_METHOD':
      return [400, 'bad_request', 'The request method is not understood.'];
    default:
      return [400, 'bad_request', 'The request could not be read.'];
  }
}

/**
 * Node's `clientError`: a request that broke the HTTP parser or ran out of time. Answered in the
 * contract's shape with the security headers, then the socket is closed.
 */
function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Something of an answer is out already: nothing sensible can follow it.
  if (!socket.writable || socket.bytesWritten > 0) {
    socket.destroy();
    return;
  }
  const [status, code, message] = describeClientError(error);
  const body = JSON.stringify({ error: code, message });
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
    ...Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}`),
  ].join('\r\n');
  socket.end(`${head}\r\n\r\n${body}`);
  // Do not wait for a client that never reads.
  setTimeout(() => socket.destroy(), 1_000).unref();
}

/** Errors Fastify meets before routing (a malformed URL, a too long path segment). */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  reply.headers(SECURITY_HEADERS);
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  return sendError(reply, 400, {
    error: 'bad_request',
    message: tooLong ? 'A part of the path is too long.' : 'The path is not a valid URL.',
  });
}

/**
 * How many Host headers a request has. Node keeps the first and drops the others, so only the
 * raw list shows them; RFC 9112 asks for a 400, as two hosts may be read differently by a proxy.
 */
function hostHeaders(rawHeaders: string[]): number {
  let count = 0;
  for (let index = 0; index < rawHeaders.length; index += 2) {
    const name = rawHeaders[index]!;
    if (name.length === 4 && name.toLowerCase() === 'host') count += 1;
  }
  return count;
}

/**
 * Every route's methods by path, so that a known path asked with another method is answered
 * 405 with `Allow` (before any body is parsed), and an unknown path 404. Also refuses an
 * HTTP/1.1 request without Host, and any with two (RFC 9112 asks for 400).
 */
export default fp(
  async (app) => {
    const routes: { pattern: RegExp; methods: Set<string> }[] = [];
    const allowedFor = (url: string): string[] => {
      const path = url.split('?')[0]!.replace(/\/{2,}/g, '/');
      const methods = new Set<string>();
      for (const { pattern, methods: some } of routes) {
        if (pattern.test(path)) for (const method of some) methods.add(method);
      }
      return [...methods].sort();
    };
    const refuseOtherMethods: onRequestHookHandler = (request, _reply, done) => {
      const allowed = allowedFor(request.url);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        const allow = allowed.join(', ');
        done(
          new HttpError(405, 'method_not_allowed', `This path answers ${allow} only.`, undefined, {
            allow,
          }),
        );
        return;
      }
      done();
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      // A catch-all (unknown-house.ts, the app's files) also checks the path: a request no
      // route of its own took may still name a known path with another method.
      if (route.url.includes('*')) {
        route.onRequest = [...[route.onRequest ?? []].flat(), refuseOtherMethods];
      }
      // A catch-all for every method says nothing about what a path allows.
      if (methods.length > 4) return;
      const source = route.url
        .replace(/\/+$/, '')
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/:[^/]+/g, '[^/]+')
        .replace(/\*/g, '.*');
      const pattern = new RegExp(`^${source}/?$`);
      let entry = routes.find((known) => known.pattern.source === pattern.source);
      if (!entry) {
        entry = { pattern, methods: new Set() };
        routes.push(entry);
      }
      for (const method of methods) {
        entry.methods.add(method);
        if (method === 'GET') entry.methods.add('HEAD');
      }
    });
    // A callback hook on every request: cheap, no promise, no route options built.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.raw.httpVersion === '1.1' && !request.headers.host) {
        done(new HttpError(400, 'bad_request', 'The Host header is missing.'));
        return;
      }
      if (hostHeaders(request.raw.rawHeaders) > 1) {
        done(new HttpError(400, 'bad_request', 'The Host header is given more than once.'));
        return;
      }
      if (request.is404) {
        refuseOtherMethods.call(app, request, reply, done);
        return;
      }
      done();
    });
  },
  { name: 'framework-errors' },
);
