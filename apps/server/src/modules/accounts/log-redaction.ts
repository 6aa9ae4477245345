import type { IncomingHttpHeaders } from 'node:http';

/** Reset tokens travel in the query of the change page: the request log must not keep them. */
export function redactTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's own request serializer, with the reset token taken out of the URL. */
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
    url: request.url === undefined ? undefined : redactTokens(request.url),
    version: [request.headers?.['accept-version']].flat()[0],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
