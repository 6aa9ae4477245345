import type { IncomingHttpHeaders } from 'node:http';

/**
 * Query parameters whose values the log never keeps, by name, whatever the case: reset tokens
 * travel in the change page's query, and clients mistakenly put `user`/`password` there. A name
 * is a secret too here (someone types a password into it; see the sign-in refusals' audit).
 */
const SECRET_PARAMETER = /pass|pwd|token|secret|auth|credential|session|key|user|login/i;

/** The name of a query parameter as the server reads it (`+` is a space, %-escapes decoded). */
function parameterName(raw: string): string {
  const spaced = raw.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

/** A URL for the log: the value of every password-, token- or user-like parameter redacted. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const fragment = url.indexOf('#', start);
  const end = fragment < 0 ? url.length : fragment;
  const query = url
    .slice(start + 1, end)
    .split('&')
    .map((part) => {
      const equals = part.indexOf('=');
      if (equals < 0) return part;
      const name = part.slice(0, equals);
      return SECRET_PARAMETER.test(parameterName(name)) ? `${name}=[redacted]` : part;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${query}${url.slice(end)}`;
}

/** Fields of form bodies (every route's) and log objects whose values pino replaces. */
const SECRET_FIELDS = [
  'password',
  'password_confirmation',
  'current_password',
  'old_password',
  'new_password',
  'new_password_confirmation',
  'token',
  'user',
  'username',
];

/**
 * pino's `redact` paths: the Authorization header, and the fields above at the top of a log
 * object, in any object there (`body.password`) and one level deeper (`req.body.password`).
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers["proxy-authorization"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/** Fastify's own request serializer, with secrets taken out of the URL. */
export function requestLogSerializer(request: {
  method?: string;
  url?: string;
  headers?: IncomingHttpHeaders;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: request.url === undefined ? undefined : redactUrl(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
