import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Access } from '@raumregler/contract';
import type { UserRecord } from './users.js';
import { credentialsOf, type HookDone } from './plugin.js';
import { HttpError } from '../http/error-handler.js';
import { UpstreamUnavailableError } from '../../modules/proxy/upstream.js';

// A sign-in the device confirmed is trusted this long (issue 14: at most 60 s), so a polling
// client does not cost the device a permissions call every time. Refusals are never cached.
const CACHE_MS = 60_000;
const ACCESS = new Set<string>(['no-access', 'read', 'full', 'permanent']);
// An access word the device may send that we do not know reads as read-only (docs/device-api.md).
const accessOf = (value: unknown): Access =>
  typeof value === 'string' && ACCESS.has(value) ? (value as Access) : 'read';

/**
 * `app.authenticate` in proxy mode (UPSTREAM_URL): the users live on the device, so our own
 * endpoints (and `/user`) ask the device's `permissions/` with the caller's credentials, Basic
 * or form fields as everywhere. request.user is then the device's user: id 0, the name as sent,
 * the device's access per area, so `app.requireCapability` decides with the contract's `can()`
 * as in simulation. The proxied device API never passes here: the device checks it itself.
 */
export function upstreamAuthenticate(app: FastifyInstance) {
  const secret = randomBytes(32).toString('base64');
  const cache = new Map<string, { user: UserRecord; until: number }>();
  const checking = new Map<string, Promise<UserRecord | null>>();

  const check = async (username: string, password: string): Promise<UserRecord | null> => {
    const permissions = await app.upstream.permissions(username, password);
    if (permissions === null) return null;
    return {
      id: 0,
      username,
      email: '',
      passwordHash: '',
      firstName: '',
      lastName: '',
      accessSmart: accessOf(permissions.access_to_smart),
      accessPro: accessOf(permissions.access_to_pro),
    };
  };

  const verify = async (request: FastifyRequest): Promise<void> => {
    const credentials = credentialsOf(request);
    if (!credentials || credentials.username.length > 200 || credentials.password.length > 200) {
      throw new HttpError(401, 'unauthorized', 'The login details are incorrect.');
    }
    const key = hash('sha256', `${secret}${credentials.username}\0${credentials.password}`);
    const now = app.clock.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) {
      request.user = cached.user;
      return;
    }
    let pending = checking.get(key);
    if (!pending) {
      pending = check(credentials.username, credentials.password);
      checking.set(key, pending);
      const forget = () => checking.delete(key);
      pending.then(forget, forget);
    }
    let user: UserRecord | null;
    try {
      user = await pending;
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      request.log.warn({ err: error }, 'the device did not answer a sign-in');
      throw new HttpError(502, 'upstream_unavailable', 'The heating controller does not answer.');
    }
    if (!user) {
      cache.delete(key);
      throw new HttpError(401, 'unauthorized', 'The login details are incorrect.');
    }
    if (cache.size > 10_000) cache.clear();
    cache.set(key, { user, until: app.clock.now() + CACHE_MS });
    request.user = user;
  };

  return (request: FastifyRequest, _reply: unknown, done: HookDone) => {
    verify(request).then(() => done(), done);
  };
}
