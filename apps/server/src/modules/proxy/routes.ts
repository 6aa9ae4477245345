import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { challenge, HttpError } from '../../platform/http/error-handler.js';
import { recordForwardedWrite } from './audit.js';

const FORWARDED_REQUEST_HEADERS = ['authorization', 'content-type', 'accept', 'x-requested-with'];
const TIMEOUT_MS = 10_000;

/**
 * Proxy mode (UPSTREAM_URL): the device API goes to a real controller instead of the
 * simulation. Paths keep their shape minus our `/api` prefix (devices answer at the root),
 * bodies and credentials pass through untouched.
 */
const proxyRoutes: FastifyPluginAsync<{ upstream: string }> = async (app, { upstream }) => {
  // Forward every body as raw bytes: the device parses multipart and urlencoded itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.replace(/^\/+/, '/').replace(/^\/api(?=\/)/, '');
    // Dot segments would let the URL parser climb out of the device API to any device path.
    if (/(^|\/)(\.|%2e){1,2}(\/|\?|$)/i.test(path.split('?')[0] ?? '')) {
      throw new HttpError(400, 'bad_request', 'The path must not contain dot segments.');
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let response: Response;
    let body: Buffer;
    try {
      response = await fetch(`${upstream}${path}`, {
        method: request.method,
        headers,
        body: Buffer.isBuffer(request.body) ? request.body : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      body = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      request.log.warn({ err: error, upstream }, 'upstream device unreachable');
      throw new HttpError(502, 'upstream_unavailable', 'The heating controller does not answer.');
    }
    const type = response.headers.get('content-type') ?? '';
    if (response.status >= 500) {
      throw new HttpError(
        502,
        'upstream_unavailable',
        `The heating controller failed (HTTP ${response.status}).`,
      );
    }
    if (response.status >= 400 && !/json/i.test(type)) {
      // Keep the promise of JSON errors even when a device answers with an HTML page.
      throw new HttpError(
        response.status,
        response.status === 401
          ? 'unauthorized'
          : response.status === 404
            ? 'not_found'
            : 'bad_request',
        `The heating controller refused the request (HTTP ${response.status}).`,
      );
    }
    if (response.status >= 200 && response.status < 300) {
      await recordForwardedWrite(app, request, path, body);
    }
    reply.code(response.status);
    if (response.status === 401) challenge(request, reply);
    if (type) reply.type(type);
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    return reply.send(body);
  };

  for (const area of ['get', 'set']) {
    app.all(`/${area}/json/v1/*`, forward);
  }
};

export default proxyRoutes;
