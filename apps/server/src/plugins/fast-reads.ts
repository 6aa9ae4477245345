import {
  createServer,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import { API_ANSWER_HEADERS } from './security-headers.js';

/**
 * The polled reads' fast lane (decision 44). Tools and the app poll `temps`, `rooms`, `outs`,
 * `temps/{roomId}`, `permissions`, `info` and `/user` again and again with the same credentials,
 * and the answer of such a poll is already rendered (once per second and data version) and the
 * sign-in already verified (the sign-in cache). Fastify's work per request (request and reply
 * objects, route lookup, hook runners, onSend, the logger's response listeners) was then about
 * 40 % of the CPU of a small answer. So node's request listener answers such a GET itself,
 * with the same bytes and headers, and hands everything else to Fastify untouched: the first
 * poll of a second (which renders), a sign-in not in the cache, a user without the capability
 * (403), any error, HEAD, a body, a URL spelled any other way. A read returns false to pass a
 * request on, before it has written anything.
 */
export type FastRead = (request: IncomingMessage, response: ServerResponse) => boolean;

export interface FastReads {
  /** Try `read` first for GET `path` (exactly as written, with or without a trailing slash). */
  add(path: string, read: FastRead): void;
  /** From now on every request goes through Fastify (the server is closing). */
  stop(): void;
  /** How many requests the lane answered (tests prove it was the lane that answered). */
  served(): number;
  /** Fastify's `serverFactory`: node's HTTP server, the lane in front of Fastify's handler. */
  serverFactory: (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, unknown>,
  ) => Server;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The polled reads' fast lane: routes add theirs (get/index.ts, accounts/index.ts). */
    fastReads: FastReads;
  }
}

/** A header object as one flat list, the form `writeHead` takes without copying it again. */
export function flatHeaders(...groups: OutgoingHttpHeaders[]): string[] {
  const flat: string[] = [];
  for (const group of groups) {
    for (const [name, value] of Object.entries(group)) flat.push(name, String(value));
  }
  return flat;
}

/**
 * The headers of a 200 carrying `body` after `first` (the route's own): the API's security
 * headers and Cache-Control, then Content-Length, in the order Fastify's path writes them.
 */
export function answerHeaders(first: OutgoingHttpHeaders, body: Buffer | string): string[] {
  return flatHeaders(first, API_ANSWER_HEADERS, {
    'content-length': Buffer.byteLength(body),
  });
}

/** Node's own HTTP server, configured as Fastify configures the one it makes (lib/server.js). */
function httpServer(
  options: Record<string, unknown>,
  listener: (request: IncomingMessage, response: ServerResponse) => void,
): Server {
  const server = createServer((options.http ?? {}) as ServerOptions, listener);
  if (typeof options.keepAliveTimeout === 'number') {
    server.keepAliveTimeout = options.keepAliveTimeout;
  }
  if (typeof options.requestTimeout === 'number') server.requestTimeout = options.requestTimeout;
  if (typeof options.connectionTimeout === 'number') server.setTimeout(options.connectionTimeout);
  if (typeof options.maxRequestsPerSocket === 'number' && options.maxRequestsPerSocket > 0) {
    server.maxRequestsPerSocket = options.maxRequestsPerSocket;
  }
  return server;
}

/** `enabled: false` (debug logging, proxy mode) sends every request through Fastify. */
export function createFastReads({ enabled }: { enabled: boolean }): FastReads {
  const reads = new Map<string, FastRead>();
  let open = enabled;
  let served = 0;
  return {
    add(path, read) {
      const bare = path.replace(/\/+$/, '');
      reads.set(bare, read);
      reads.set(`${bare}/`, read);
    },
    stop() {
      open = false;
    },
    served: () => served,
    serverFactory: (handler, options) =>
      httpServer(options, (request, response) => {
        if (open && request.method === 'GET') {
          const read = reads.get(request.url ?? '');
          const headers = request.headers;
          // Only a bare GET: what Fastify answers otherwise (no Host: 400, a body's charset:
          // 415) stays Fastify's to answer.
          if (
            read !== undefined &&
            headers.host !== undefined &&
            headers['content-type'] === undefined &&
            headers['content-length'] === undefined &&
            headers['transfer-encoding'] === undefined &&
            read(request, response)
          ) {
            served += 1;
            return;
          }
        }
        handler(request, response);
      }),
  };
}
