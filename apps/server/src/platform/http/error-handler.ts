import type { ApiErrorBody, ErrorCode } from '@raumregler/contract';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { discardRestOfBody } from './refused-body.js';

/** An error a route throws on purpose: it becomes a 4xx JSON answer of the contract's shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly messages?: Record<string, string[]>,
    /** Extra response headers, e.g. Retry-After on a 429. */
    readonly headers?: Record<string, string>,
    /** Extra fields of the body the contract names (`value` of not_applied). */
    readonly extra?: Pick<ApiErrorBody, 'value'>,
  ) {
    super(message);
  }
}

/**
 * The 404 of a room id that names no room (every module that takes a room id answers it). Like
 * every refusal it is fixed text: a message names a field at most, never what the client sent.
 */
export const unknownRoom = () => new HttpError(404, 'not_found', 'There is no such room.');
/** A building (house id) that does not exist, or that the user holds no access in. */
export const unknownHouse = () => new HttpError(404, 'not_found', 'Unknown house id.');

export const REALM = 'Raumregler';

/**
 * A 401 carries a Basic challenge, except for the web app: it marks its calls, and a challenge
 * would make the browser pop up its own sign-in dialog over ours. Every other client (ioBroker,
 * Home Assistant, curl) gets it. Set where a 401 is made, not in an onSend hook on every answer.
 */
export function challenge(request: FastifyRequest, reply: FastifyReply) {
  if (request.headers['x-requested-with'] !== 'XMLHttpRequest') {
    reply.header('WWW-Authenticate', `Basic realm="${REALM}", charset="UTF-8"`);
  }
}

export function sendError(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const CODE_FOR_STATUS: Partial<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** Our words for any other 4xx error (Fastify's, a plugin's), whose own may echo the request. */
const FRAMEWORK_MESSAGES: Partial<Record<number, string>> = {
  400: 'The request could not be read.',
  413: 'The body is too large.',
  415: 'The body is of a type or encoding the server does not take.',
};

/** The contract's code of a 4xx status; `bad_request` for any other. */
export const codeForStatus = (status: number): ErrorCode =>
  CODE_FOR_STATUS[status] ?? 'bad_request';

/**
 * One place turns every failure into `{error, message, messages?}`. A 4xx says what was wrong;
 * a 5xx says only that something failed, and the details go to the log.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      // Refused before the body was all there (too large, malformed): let the client finish
      // sending into the void so that it reads this answer instead of a reset.
      discardRestOfBody(request.raw);
      if (error instanceof HttpError) {
        if (error.headers) reply.headers(error.headers);
        if (error.statusCode === 401) challenge(request, reply);
        return sendError(reply, error.statusCode, {
          error: error.code,
          message: error.message,
          ...(error.messages ? { messages: error.messages } : {}),
          ...error.extra,
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return sendError(reply, status, {
          error: codeForStatus(status),
          // Fastify's, its plugins' and the parsers' own messages may quote the request (a
          // header's value, a JSON parser's view of the body): ours are fixed words.
          message: error.validation
            ? 'The request is not valid.'
            : (FRAMEWORK_MESSAGES[status] ?? 'The request could not be read.'),
        });
      }
      request.log.error({ err: error }, 'request failed');
      return sendError(reply, 500, {
        error: 'internal_error',
        message: 'Something went wrong on the server.',
      });
    });
    app.setNotFoundHandler((request, reply) =>
      sendError(reply, 404, {
        error: 'not_found',
        message: 'There is no such path.',
      }),
    );
  },
  { name: 'error-handler' },
);
