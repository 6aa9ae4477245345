import type { Permissions } from '@raumregler/contract';
import { PermissionsSchema } from '@raumregler/contract/schemas';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { permissionsOf } from '../../platform/auth/permissions.js';
import { HttpError } from '../../platform/http/error-handler.js';
import { registerFormBodies } from '../../platform/http/form-bodies.js';
import { deviceAccess } from '../../platform/auth/device-access.js';
import { recordForwardedWrite } from './audit.js';
import { basic } from './upstream.js';

const TIMEOUT_MS = 10_000;

/** The device account of proxy mode: UPSTREAM_USER / UPSTREAM_PASSWORD. */
export interface DeviceAccount {
  user: string;
  password: string;
}

export interface ProxyOptions {
  upstream: string;
  houseId: number;
  account: DeviceAccount;
}

/** Our device API path of a request: `/api` removed (devices answer at the root). */
const devicePath = (request: FastifyRequest) =>
  request.url.replace(/^\/+/, '/').replace(/^\/api(?=\/)/, '');

/**
 * The request's query without credentials: ours were checked here, and only the device account
 * speaks to the device.
 */
function withoutCredentials(path: string): string {
  const mark = path.indexOf('?');
  if (mark < 0) return path;
  const query = new URLSearchParams(path.slice(mark + 1));
  query.delete('user');
  query.delete('password');
  const rest = query.toString();
  return rest ? `${path.slice(0, mark)}?${rest}` : path.slice(0, mark);
}

/** A write's fields as the device takes them, with the device account in place of the caller. */
function deviceForm(body: unknown, account: DeviceAccount): URLSearchParams {
  const form = new URLSearchParams();
  if (body && typeof body === 'object') {
    for (const [name, value] of Object.entries(body)) {
      if (name === 'user' || name === 'password') continue;
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
        form.append(name, String(value));
      }
    }
  }
  form.append('user', account.user);
  form.append('password', account.password);
  return form;
}

/**
 * Proxy mode (UPSTREAM_URL): the device API goes to a real controller instead of the
 * simulation. Every request signs in with OUR accounts and is checked by the same preHandlers
 * as in simulation (platform/auth/device-access.ts); `permissions/` is answered from our user. What
 * passes is forwarded with the one device account (UPSTREAM_USER / UPSTREAM_PASSWORD): reads
 * with its Basic header, writes with its `user`/`password` form fields. The caller's
 * credentials never reach the device, and the device account never leaves this server.
 */
const proxyRoutes: FastifyPluginAsync<ProxyOptions> = async (
  app,
  { upstream, houseId, account },
) => {
  const access = deviceAccess(app);
  const deviceBasic = basic(account.user, account.password);

  // Dot segments would let the URL parser climb out of the device API to any device path.
  app.addHook('onRequest', async (request) => {
    if (/(^|\/)(\.|%2e){1,2}(\/|\?|$)/i.test(devicePath(request).split('?')[0] ?? '')) {
      throw new HttpError(400, 'bad_request', 'The path must not contain dot segments.');
    }
  });

  const forward = async (
    request: FastifyRequest,
    reply: FastifyReply,
    init: { headers: Record<string, string>; body?: string },
  ) => {
    const path = devicePath(request);
    for (const name of ['accept', 'x-requested-with']) {
      const value = request.headers[name];
      if (typeof value === 'string') init.headers[name] = value;
    }
    let response: Response;
    let body: Buffer;
    try {
      response = await fetch(`${upstream}${withoutCredentials(path)}`, {
        method: request.method,
        ...init,
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
    if (response.status === 401 || response.status === 403) {
      // The caller passed our check: the device refused OUR account, which is a setting to fix,
      // not the caller's fault (a 401 would send the app back to its sign-in).
      request.log.warn(
        { upstream, status: response.status },
        'the device refused the device account: check UPSTREAM_USER / UPSTREAM_PASSWORD ' +
          '(writes need write access on the device)',
      );
      throw new HttpError(
        502,
        'upstream_unavailable',
        `The heating controller refused this server's account (HTTP ${response.status}).`,
      );
    }
    if (response.status >= 400 && !/json/i.test(type)) {
      // Keep the promise of JSON errors even when a device answers with an HTML page.
      throw new HttpError(
        response.status,
        response.status === 404 ? 'not_found' : 'bad_request',
        `The heating controller refused the request (HTTP ${response.status}).`,
      );
    }
    if (response.status >= 200 && response.status < 300) {
      await recordForwardedWrite(app, request, path, body);
    }
    reply.code(response.status);
    if (type) reply.type(type);
    const retryAfter = response.headers.get('retry-after');
    if (retryAfter) reply.header('retry-after', retryAfter);
    return reply.send(body);
  };

  const read = (request: FastifyRequest, reply: FastifyReply) =>
    forward(request, reply, { headers: { authorization: deviceBasic } });

  // Reads, with the simulation's rules: info signs in, the building's data needs read (both
  // opened by ANONYMOUS_READ), permissions are our user's own. Other paths the device may know
  // are forwarded to users who may read, whatever ANONYMOUS_READ says.
  const reads = '/get/json/v1/:houseId';
  app.get(`${reads}/info`, { preHandler: access.signIn }, read);
  for (const method of ['temps', 'temps/:roomId', 'rooms', 'outs']) {
    app.get(`${reads}/${method}`, { preHandler: access.read }, read);
  }
  app.get(
    `${reads}/permissions`,
    { preHandler: access.signedIn, schema: { response: { 200: PermissionsSchema } } },
    async (request): Promise<Permissions> => {
      const asked = (request.params as { houseId: string }).houseId;
      if (asked !== String(houseId)) {
        throw new HttpError(404, 'not_found', `Unknown house id; this device is house ${houseId}.`);
      }
      return permissionsOf(request.user!, app.today());
    },
  );
  app.get('/get/json/v1/*', { preHandler: access.signedInReader }, read);

  // Writes: the bodies the simulated writes take (same parsers, limits, 413/415), the write
  // capability, then the device account's form fields in place of the caller's.
  await app.register(async (writes: FastifyInstance) => {
    await registerFormBodies(writes);
    const write = (request: FastifyRequest, reply: FastifyReply) =>
      forward(request, reply, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: deviceForm(request.body, account).toString(),
      });
    for (const method of ['ziel', 'soll', 'resettemp', 'rooms']) {
      writes.post(`/set/json/v1/:houseId/${method}/:roomId`, { preHandler: access.write }, write);
    }
    // Only the writes the simulation knows reach the device: the device account may do more.
    writes.all('/set/json/v1/*', async () => {
      throw new HttpError(404, 'not_found', 'The device API has no such method.');
    });
  });
};

export default proxyRoutes;
