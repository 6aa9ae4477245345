import { hash, randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Capability } from '@raumregler/contract';
import type { FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from './passwords.js';
import { userCan } from './permissions.js';
import { createUsersRepository, type UserRecord, type UsersRepository } from './users.js';
import { HttpError } from '../http/error-handler.js';
import { createFailureLimiter } from './failure-limiter.js';

declare module '../database/plugin.js' {
  interface Repositories {
    users: UsersRepository;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: answers 401 unless the request carries valid credentials; sets request.user. */
    authenticate: (request: FastifyRequest, reply: unknown, done: HookDone) => void;
    /**
     * preHandler after `authenticate`: answers 403 unless the user has the capability (the
     * contract's `can`, the one rule of who may do what).
     */
    requireCapability: (
      capability: Capability,
    ) => (request: FastifyRequest, reply: unknown, done: HookDone) => void;
    /** Forget every cached sign-in, e.g. after a password change. */
    forgetCredentials: () => void;
    /** Forget every cached sign-in of one user (its password changed, its account ended). */
    forgetUser: (userId: number) => void;
  }
  interface FastifyRequest {
    user: UserRecord | null;
  }
}

/** A sign-in limit that starts refusing: the account name as sent, and for how long. */
export interface SignInRefusal {
  username: string;
  scope: 'account' | 'address';
  failures: number;
  blockedSeconds: number;
}

/** The callback of a preHandler hook: nothing when the request may go on, else the error. */
export type HookDone = (error?: Error) => void;

// A verified user/password pair is remembered this long, so that a client polling every few
// seconds does not pay a ~60 ms scrypt on every call.
const CACHE_MS = 60_000;
// How long a cached user record is trusted before it is read again (one read per second per
// user instead of one per request).
const RECHECK_MS = 1_000;

/**
 * A client address as a whole is refused after this many times AUTH_FAILURE_LIMIT failed
 * sign-ins (README, device-api.md): several people behind one address each get their own limit.
 */
export const ADDRESS_LIMIT_FACTOR = 5;

/** What a 403 says for each capability a user lacks. */
const REFUSALS: Record<Capability, string> = {
  read: 'You may not see this building.',
  write: 'You may not change temperatures.',
  manage: 'You may not manage this building.',
};

/**
 * Whether an account may sign in: it exists and is not disabled (issue 31). A disabled user is
 * answered like a wrong password, and a cached sign-in of one ends at its next re-check.
 */
export function maySignIn(user: UserRecord | null): user is UserRecord {
  return user !== null && user.disabledAt === null;
}

export function parseBasicAuth(
  header: string | undefined,
): { username: string; password: string } | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Credentials of a request: the Basic header, or `user`/`password` fields of a form body. */
export function credentialsOf(request: FastifyRequest) {
  const basic = parseBasicAuth(request.headers.authorization);
  if (basic) return basic;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body.user === 'string' && typeof body.password === 'string') {
    return { username: body.user, password: body.password };
  }
  return null;
}

export default fp<{ onRefusal?: (request: FastifyRequest, refusal: SignInRefusal) => void }>(
  async (app, { onRefusal }) => {
    app.repos.users = createUsersRepository(app.db);
    // Cache keys are SHA-256 digests with a per-process secret in front: the cache never holds
    // a password or an Authorization header, and one key costs a fraction of a microsecond.
    const secret = randomBytes(32).toString('base64');
    const cache = new Map<string, { user: UserRecord; checkedAt: number; until: number }>();
    const checking = new Map<string, Promise<boolean>>();
    const dummyHash = hashPassword(randomBytes(16).toString('base64'));
    // Failed sign-ins are counted per (account, client address) pair and per address. The pair
    // is refused at AUTH_FAILURE_LIMIT, the address as a whole at ADDRESS_LIMIT_FACTOR times
    // that: a guesser is stopped, while the account's owner elsewhere, and the other users
    // behind a shared office address, still sign in. No count is per account alone, so nobody
    // can lock an account for everyone. The account is the name as sent, known or not: an
    // unknown name is counted and answered exactly like a known one.
    const windowMs = app.config.authFailureWindowMs;
    const pairFailures = createFailureLimiter({
      limit: app.config.authFailureLimit,
      windowMs,
      now: app.clock.now,
    });
    const addressFailures = createFailureLimiter({
      limit: app.config.authFailureLimit * ADDRESS_LIMIT_FACTOR,
      windowMs,
      now: app.clock.now,
    });
    const failurePair = (username: string, address: string) =>
      `${username.toLowerCase()}\0${address}`;
    // A polling client sends the very same header every time: its digest is the key, so a
    // cached sign-in needs neither the regex, nor base64, nor splitting the pair.
    const headerKey = (header: string) => hash('sha256', `${secret}h${header}`, 'base64');
    const pairKey = (username: string, password: string) =>
      hash('sha256', `${secret}p${username}\0${password}`, 'base64');
    const unauthorized = () =>
      new HttpError(401, 'unauthorized', 'The login details are incorrect.');

    /** The user of a cached sign-in, or null when the full check must run. */
    const cachedUser = (key: string): UserRecord | null => {
      const cached = cache.get(key);
      if (!cached) return null;
      const now = app.clock.now();
      if (cached.until <= now) return null;
      if (now - cached.checkedAt < RECHECK_MS) return cached.user;
      // Changes by another process (the CLI) show within a second: a new hash makes the
      // cached pair stale, new access rights are taken over.
      const user = app.repos.users.findById(cached.user.id);
      if (!maySignIn(user) || user.passwordHash !== cached.user.passwordHash) return null;
      cached.user = user;
      cached.checkedAt = now;
      return user;
    };

    /** Tells `onRefusal` when a limit starts refusing (the failure that reaches it). */
    const reportRefusal = (request: FastifyRequest, username: string, pair: string) => {
      const scope =
        pairFailures.failures(pair) === app.config.authFailureLimit
          ? 'account'
          : addressFailures.failures(request.ip) ===
              app.config.authFailureLimit * ADDRESS_LIMIT_FACTOR
            ? 'address'
            : null;
      if (!scope) return;
      onRefusal?.(request, {
        username,
        scope,
        failures:
          scope === 'account' ? pairFailures.failures(pair) : addressFailures.failures(request.ip),
        blockedSeconds: Math.max(
          pairFailures.blockedFor(pair),
          addressFailures.blockedFor(request.ip),
        ),
      });
    };

    /** The full check: the password against its scrypt hash, slowed down after failures. */
    const verify = async (request: FastifyRequest, key: string | null): Promise<void> => {
      const basic = parseBasicAuth(request.headers.authorization);
      const credentials = basic ?? credentialsOf(request);
      if (!credentials || credentials.username.length > 200 || credentials.password.length > 200) {
        throw unauthorized();
      }
      key = basic && key ? key : pairKey(credentials.username, credentials.password);
      const known = cachedUser(key);
      if (known) {
        request.user = known;
        return;
      }
      // A blocked pair or address gets no new password checks; pairs verified before (in the
      // cache) still pass above.
      const pair = failurePair(credentials.username, request.ip);
      const retryAfter = Math.max(
        pairFailures.blockedFor(pair),
        addressFailures.blockedFor(request.ip),
      );
      if (retryAfter > 0) {
        throw new HttpError(
          429,
          'too_many_requests',
          'Too many failed sign-ins. Please wait and try again.',
          undefined,
          { 'retry-after': String(retryAfter) },
        );
      }
      const user = app.repos.users.findByUsername(credentials.username);
      // One scrypt per pair at a time: a client opening many connections at once with the same
      // credentials (a dashboard, a load test) waits for one check instead of queueing dozens.
      let check = checking.get(key);
      if (!check) {
        // An unknown user costs a check too, so timing does not tell which usernames exist.
        check = user
          ? verifyPassword(credentials.password, user.passwordHash)
          : dummyHash
              .then((dummy) => verifyPassword(credentials.password, dummy))
              .then(() => false);
        checking.set(key, check);
        const forget = () => checking.delete(key);
        check.then(forget, forget);
      }
      // Awaited whatever the user: an unknown name must take as long as a wrong password.
      const passed = await check;
      if (!maySignIn(user) || !passed) {
        cache.delete(key);
        const delay = Math.max(pairFailures.fail(pair), addressFailures.fail(request.ip));
        reportRefusal(request, credentials.username, pair);
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        throw unauthorized();
      }
      if (cache.size > 10_000) cache.clear();
      const now = app.clock.now();
      cache.set(key, { user, checkedAt: now, until: now + CACHE_MS });
      request.user = user;
    };

    app.decorateRequest('user', null);
    app.decorate('forgetCredentials', () => cache.clear());
    app.decorate('forgetUser', (userId: number) => {
      for (const [key, entry] of cache) if (entry.user.id === userId) cache.delete(key);
    });
    app.decorate(
      'requireCapability',
      (capability: Capability) => (request: FastifyRequest, _reply: unknown, done: HookDone) => {
        if (request.user && userCan(request.user, capability)) done();
        else done(new HttpError(403, 'forbidden', REFUSALS[capability]));
      },
    );
    // A callback hook: a cached sign-in (every poll after the first) passes in the same tick,
    // without a promise; only the full check is asynchronous.
    app.decorate('authenticate', (request: FastifyRequest, _reply: unknown, done: HookDone) => {
      const header = request.headers.authorization;
      const key = header === undefined ? null : headerKey(header);
      const user = key === null ? null : cachedUser(key);
      if (user) {
        request.user = user;
        done();
        return;
      }
      verify(request, key).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['database', 'clock'] },
);
