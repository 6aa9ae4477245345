import { randomBytes } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Capability } from '@raumregler/contract';
import type { FastifyRequest } from 'fastify';
import { hashPassword, verifyPassword } from './passwords.js';
import { userCan } from './permissions.js';
import {
  createUsersRepository,
  maySignIn,
  type UserRecord,
  type UsersRepository,
} from './users.js';
import { HttpError, unknownHouse } from '../http/error-handler.js';
import { createFailureCounts } from './failure-counts.js';
import { createFailureLimiter, type Failure } from './failure-limiter.js';
import { canonicalName, createSignInCache, signInKeys } from './sign-in-cache.js';
import { localDate } from '../clock/local-time.js';
import {
  bearerOf,
  createAccessTokensRepository,
  newTokenSecret,
  tokenHasher,
  type AccessTokenRecord,
  type AccessTokensRepository,
} from './access-tokens.js';
import { loadTokenKey } from './token-key.js';
import { createTokenSignIn, refuseTokens, tokenUseNotes } from './token-sign-in.js';
import { signInChange, signInsEnded, type SignInChanged } from './sign-in-changes.js';

import type { Tx } from '../database/schema.js';
import type { RequestToken } from './token-sign-in.js';
export type { RequestToken } from './token-sign-in.js';

declare module '../database/plugin.js' {
  interface Repositories {
    users: UsersRepository;
    accessTokens: AccessTokensRepository;
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
    /** The device-local date now, `YYYY-MM-DD`: the day users' validity is checked against. */
    today: () => string;
    /**
     * The token key (token-key.ts): the access tokens' and failure counts' keyed hash, and the
     * key sealed secrets are derived from (sealed.ts). Never logged.
     */
    tokenKey: Buffer;
    /** Forget every cached sign-in of every user. */
    forgetCredentials: () => void;
    /**
     * Forget the cached sign-ins (password and tokens) of one user on this node: its next
     * request runs the full check.
     */
    forgetUser: (userId: number) => void;
    /**
     * Inside every commit that changes who may sign in or with what (password, access, scope,
     * validity, disabled or removed, a token revoked): this node forgets the user's cached
     * sign-ins at once, and every node when it hears the commit's change (issue 37).
     */
    signInChanged: SignInChanged;
    /** Access tokens (issue 35): a new secret with its keyed hash. */
    accessTokens: {
      /** A new secret (`rr_…`, shown once) and the only form it is stored in. */
      mint: () => { secret: string; tokenHash: string };
    };
    /**
     * preHandler after `authenticate`: 403 for a request signed in with an access token. Routes
     * that manage tokens, members or passwords use it ("no token manages tokens, members or its
     * owner's password", decision 0080); `what` names them in the message.
     */
    refuseTokens: (
      what: string,
    ) => (request: FastifyRequest, reply: unknown, done: HookDone) => void;
  }
  interface FastifyRequest {
    /** The signed-in user; with a token, its owner limited to the token's access (tokenUser). */
    user: UserRecord | null;
    /** The access token the request signed in with; null for passwords (and anonymous reads). */
    token: RequestToken | null;
  }
}

/**
 * A sign-in limit that starts refusing, and for how long. `username` is the account as stored
 * when the name sent is one, else null: the text typed into the name field may be a password.
 */
export interface SignInRefusal {
  username: string | null;
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
// A user's last sign-in is written at most this often.
const SIGN_IN_NOTE_MS = 60_000;

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

/** A user name and password as sent. */
export interface Credentials {
  username: string;
  password: string;
}

/** Longer names or passwords are refused without a check. */
const MAX_LENGTH = 200;

export function parseBasicAuth(header: string | undefined): Credentials | null {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** Credentials of a request: the Basic header, or `user`/`password` fields of a form body. */
export function credentialsOf(request: FastifyRequest): Credentials | null {
  const basic = parseBasicAuth(request.headers.authorization);
  if (basic) return basic;
  const body = request.body as Record<string, unknown> | undefined;
  if (body && typeof body.user === 'string' && typeof body.password === 'string') {
    return { username: body.user, password: body.password };
  }
  return null;
}

/**
 * Whether the request sends credentials of any kind (Basic, Bearer or form fields): with
 * ANONYMOUS_READ, credentials that are sent are still checked.
 */
export const sendsCredentials = (request: FastifyRequest) =>
  credentialsOf(request) !== null || bearerOf(request.headers.authorization) !== null;

export default fp<{
  onRefusal?: (request: FastifyRequest, refusal: SignInRefusal) => void;
  /** A token's first successful use, called inside the commit that notes it (the audit entry). */
  onTokenFirstUse?: (tx: Tx, request: FastifyRequest, token: AccessTokenRecord) => Promise<void>;
  /**
   * The signed-in user as `request.user`: with the access they hold in the request's building
   * (issue 37; the app places them). May throw (a building that does not exist: 404).
   */
  placeUser?: (request: FastifyRequest, user: UserRecord) => UserRecord;
}>(
  async (app, { onRefusal, onTokenFirstUse, placeUser }) => {
    // Accounts are global: a signed-in user's access is that in the request's building
    // (`placeUser`; the server's own building's is read with the account).
    app.repos.users = createUsersRepository(app.sql, app.config.houseId);
    const place = (request: FastifyRequest, user: UserRecord) =>
      placeUser ? placeUser(request, user) : user;
    app.repos.accessTokens = createAccessTokensRepository(app.sql);
    // Keyed by the identity of the credentials, not their spelling (sign-in-cache.ts): every
    // spelling of one valid pair costs one scrypt a minute, and the cache holds at most one
    // entry per account, so no client can grow it or make it forget other users' sign-ins.
    const signInKey = signInKeys();
    const cache = createSignInCache({
      now: app.clock.now,
      ttlMs: CACHE_MS,
      recheckMs: RECHECK_MS,
      reload: (id) => app.repos.users.findById(id),
    });
    const checking = new Map<string, Promise<{ user: UserRecord | null; passed: boolean }>>();
    const dummyHash = hashPassword(randomBytes(16).toString('base64'));
    // Failed sign-ins are counted per (account, client address) pair and per address. The pair
    // is refused at AUTH_FAILURE_LIMIT, the address as a whole at ADDRESS_LIMIT_FACTOR times
    // that: a guesser is stopped, while the account's owner elsewhere, and the other users
    // behind a shared office address, still sign in. No count is per account alone, so nobody
    // can lock an account for everyone. The account is the name as the database compares it,
    // known or not: an unknown name is counted and answered exactly like a known one.
    // The counts are the database's (failure-counts.ts), shared by every node: a cached sign-in
    // never reads them, a full check reads them once per limit, a failure is one upsert each.
    const windowMs = app.config.authFailureWindowMs;
    const secret = loadTokenKey(app.config);
    if (app.engine === 'postgres' && !app.config.tokenSecret) {
      // Each node would make its own key in its DATA_DIR: a token made on one would fail on the
      // others, and each would count failed sign-ins under keys of its own.
      app.log.warn(
        'DATABASE_URL without TOKEN_SECRET: unless every node has a copy of the same DATA_DIR/token-secret, give all nodes the same TOKEN_SECRET (access tokens and the failure limits depend on it)',
      );
    }
    app.decorate('tokenKey', secret);
    const counts = createFailureCounts({ sql: app.sql, commit: app.commit, secret, windowMs });
    const pairFailures = createFailureLimiter({
      name: 'pair',
      limit: app.config.authFailureLimit,
      windowMs,
      now: app.clock.now,
      counts,
    });
    const addressFailures = createFailureLimiter({
      name: 'address',
      limit: app.config.authFailureLimit * ADDRESS_LIMIT_FACTOR,
      windowMs,
      now: app.clock.now,
      counts,
    });
    const failurePair = (username: string, address: string) =>
      `${canonicalName(username)}\0${address}`;
    const unauthorized = () =>
      new HttpError(401, 'unauthorized', 'The login details are incorrect.');
    const tooMany = (retryAfter: number) =>
      new HttpError(
        429,
        'too_many_requests',
        'Too many failed sign-ins. Please wait and try again.',
        undefined,
        { 'retry-after': String(retryAfter) },
      );

    /**
     * Records a failed sign-in on both limits (the pair's when it names an account), tells
     * `onRefusal` when a limit starts refusing (the failure that reaches it: counted atomically,
     * so exactly one node's), and holds back the answer as the counts say.
     */
    const recordFailure = async (
      request: FastifyRequest,
      user: UserRecord | null,
      pair: string | null,
    ) => {
      const [onPair, onAddress] = await Promise.all([
        pair === null ? null : pairFailures.fail(pair),
        addressFailures.fail(request.ip),
      ]);
      const reached = (failure: Failure | null, limit: number) => failure?.failures === limit;
      const scope = reached(onPair, app.config.authFailureLimit)
        ? 'account'
        : reached(onAddress, app.config.authFailureLimit * ADDRESS_LIMIT_FACTOR)
          ? 'address'
          : null;
      if (scope) {
        onRefusal?.(request, {
          username: user?.username ?? null,
          scope,
          failures: scope === 'account' ? onPair!.failures : onAddress.failures,
          blockedSeconds: Math.max(onPair?.blockedFor ?? 0, onAddress.blockedFor),
        });
      }
      const delay = Math.max(onPair?.delay ?? 0, onAddress.delay);
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
    };

    // The last sign-in (the members API shows it): written at a full password check (once per
    // cached sign-in, so not per polled request), and at most once a minute per user, in the
    // next group commit without holding up the answer.
    const signInWritten = new Map<number, number>();
    const noteSignIn = (request: FastifyRequest, userId: number) => {
      const now = app.clock.now();
      const last = signInWritten.get(userId);
      if (last !== undefined && now - last < SIGN_IN_NOTE_MS) return;
      signInWritten.set(userId, now);
      app
        .commit((tx) => app.repos.users.recordSignIn(tx, userId, now))
        .catch((error: unknown) =>
          request.log.error({ err: error }, 'could not record the sign-in'),
        );
    };

    /** The full check: the password against its scrypt hash, slowed down after failures. */
    const verify = async (
      request: FastifyRequest,
      credentials: Credentials | null,
      key: string | null,
    ): Promise<void> => {
      if (!credentials || key === null) throw unauthorized();
      // A blocked pair or address gets no new password checks; pairs verified before (in the
      // cache) passed in `authenticate` already.
      const pair = failurePair(credentials.username, request.ip);
      const retryAfter = Math.max(
        ...(await Promise.all([
          pairFailures.blockedFor(pair),
          addressFailures.blockedFor(request.ip),
        ])),
      );
      if (retryAfter > 0) throw tooMany(retryAfter);
      // One read and one scrypt per identity at a time: a client opening many connections at
      // once with the same credentials (a dashboard, a load test), in whatever spelling, waits
      // for one check instead of queueing dozens.
      let check = checking.get(key);
      if (!check) {
        const { username, password } = credentials;
        check = app.repos.users.findByUsername(username).then(async (found) => ({
          user: found,
          // An unknown user costs a check too, so timing does not tell which usernames exist.
          passed: found
            ? await verifyPassword(password, found.passwordHash)
            : await dummyHash.then((dummy) => verifyPassword(password, dummy)).then(() => false),
        }));
        checking.set(key, check);
        const forget = () => checking.delete(key);
        check.then(forget, forget);
      }
      // Awaited whatever the user: an unknown name must take as long as a wrong password.
      const { user, passed } = await check;
      if (!maySignIn(user) || !passed) {
        cache.delete(key);
        await recordFailure(request, user, pair);
        throw unauthorized();
      }
      cache.set(key, user);
      request.user = place(request, user);
      noteSignIn(request, user.id);
    };

    // Asked on every checked request: the date is worked out once per second.
    let todaySecond = -1;
    let todayText = '';
    app.decorate('today', () => {
      const now = app.clock.now();
      const second = Math.floor(now / 1000);
      if (second !== todaySecond) {
        todayText = localDate(app.clock.local, now);
        todaySecond = second;
      }
      return todayText;
    });
    // Access tokens (issue 35, decision 0080). A failed token counts on the address limit only:
    // it names no account. last_used_at is written like the last sign-in, at most once a minute
    // per token, with the first use's audit entry in the same commit.
    const hashToken = tokenHasher(secret);
    const tokens = createTokenSignIn({
      tokens: app.repos.accessTokens,
      findUser: (id) => app.repos.users.findById(id),
      place,
      hash: hashToken,
      now: app.clock.now,
      today: () => app.today(),
      ttlMs: CACHE_MS,
      recheckMs: RECHECK_MS,
      blockedFor: (request) => addressFailures.blockedFor(request.ip),
      tooMany,
      fail: async (request) => {
        await recordFailure(request, null, null);
        throw new HttpError(
          401,
          'unauthorized',
          'The access token is not valid (unknown, revoked or expired).',
        );
      },
      used: tokenUseNotes({
        now: app.clock.now,
        commit: app.commit,
        recordUse: app.repos.accessTokens.recordUse,
        first: onTokenFirstUse,
      }),
    });
    app.decorate('accessTokens', {
      mint: () => {
        const secret = newTokenSecret();
        return { secret, tokenHash: hashToken(secret) };
      },
    });
    app.decorate('refuseTokens', refuseTokens);

    app.decorateRequest('user', null);
    app.decorateRequest('token', null);
    app.decorate('forgetCredentials', () => {
      cache.clear();
      tokens.clear();
    });
    const forgetUser = (userId: number) => {
      cache.forgetUser(userId);
      tokens.forgetOwner(userId);
    };
    app.decorate('forgetUser', forgetUser);
    // Other nodes' changes (and this node's: on PostgreSQL heard once committed) end the cached
    // sign-ins they concern within the feed's delivery, not at the next re-read (RECHECK_MS).
    // After a reconnect the feed says `house: null`: whatever was missed, every entry goes.
    app.changes.listen((change) => {
      const ended = signInsEnded(change);
      if (ended === 'all') app.forgetCredentials();
      else if (ended) forgetUser(ended.user);
    });
    app.decorate('signInChanged', async (tx, userId) => {
      // This node at once; a check already under way may still cache the old state, which the
      // change's delivery after the commit (or the next re-read) ends.
      forgetUser(userId);
      await app.changes.announce(tx, signInChange(userId));
    });
    app.decorate(
      'requireCapability',
      (capability: Capability) => (request: FastifyRequest, _reply: unknown, done: HookDone) => {
        // A building the user holds no access in answers as one that does not exist.
        if (request.user && !request.user.member) done(unknownHouse());
        else if (request.user && userCan(request.user, capability, null, app.today())) done();
        else done(new HttpError(403, 'forbidden', REFUSALS[capability]));
      },
    );
    // A callback hook: a cached sign-in (every poll after the first) passes in the same tick,
    // without a promise or a database read; the re-read once a second per user and the full
    // check are asynchronous.
    app.decorate('authenticate', (request: FastifyRequest, _reply: unknown, done: HookDone) => {
      // `Authorization: Bearer …` is a token, whatever form fields the body carries.
      const secret = bearerOf(request.headers.authorization);
      if (secret !== null) {
        tokens.authenticate(request, secret, done);
        return;
      }
      const credentials = credentialsOf(request);
      const key =
        credentials &&
        credentials.username.length <= MAX_LENGTH &&
        credentials.password.length <= MAX_LENGTH
          ? signInKey(credentials.username, credentials.password)
          : null;
      const cached = key === null ? null : cache.get(key);
      if (cached instanceof Promise) {
        cached
          .then((user) => {
            if (!user) return verify(request, credentials, key);
            request.user = place(request, user);
          })
          .then(() => done(), done);
        return;
      }
      if (cached) {
        let placed: UserRecord;
        try {
          placed = place(request, cached);
        } catch (error) {
          done(error as Error);
          return;
        }
        request.user = placed;
        done();
        return;
      }
      verify(request, credentials, key).then(() => done(), done);
    });
  },
  { name: 'auth', dependencies: ['database', 'clock'] },
);
