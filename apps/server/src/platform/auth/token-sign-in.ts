import type { TokenAccess } from '@raumregler/contract';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/error-handler.js';
import {
  SECRET_PATTERN,
  sameDigest,
  tokenUser,
  tokenValid,
  type AccessTokenRecord,
  type AccessTokensRepository,
} from './access-tokens.js';
import type { Commit } from '../database/group-commit.js';
import type { Tx } from '../database/schema.js';
import { maySignIn, type UserRecord } from './users.js';

/** What a request signed in with a token carries besides its user (null for passwords). */
export interface RequestToken {
  id: number;
  access: TokenAccess;
}

interface Entry {
  digest: string;
  token: AccessTokenRecord;
  /** The owner limited to the token's access (tokenUser): what `request.user` becomes. */
  user: UserRecord;
  checkedAt: number;
  until: number;
  /** The re-read under way, shared by the requests that arrive meanwhile. */
  rechecking: Promise<Entry | null> | null;
}

type Done = (error?: Error) => void;

/** last_used_at is written at most this often per token (as a user's last sign-in). */
const USE_NOTE_MS = 60_000;

/**
 * preHandler after `authenticate` for routes no token may call (tokens, members, the password:
 * decision 0080): 403 for a request signed in with a token.
 */
export const refuseTokens =
  (what: string) => (request: FastifyRequest, _reply: unknown, done: Done) => {
    if (!request.token) done();
    else
      done(
        new HttpError(
          403,
          'forbidden',
          `An access token cannot manage ${what}. Sign in with your username and password.`,
        ),
      );
  };

/**
 * Notes a token's use: at most once a minute per token, in the next group commit without
 * holding up the answer; `first` runs inside that commit when the token had never been used.
 */
export function tokenUseNotes(options: {
  now: () => number;
  commit: Commit;
  recordUse: (tx: Tx, tokenId: number, at: number) => Promise<boolean>;
  first?: (tx: Tx, request: FastifyRequest, token: AccessTokenRecord) => Promise<void>;
}) {
  const written = new Map<number, number>();
  return (request: FastifyRequest, token: AccessTokenRecord) => {
    const now = options.now();
    const last = written.get(token.id);
    if (last !== undefined && now - last < USE_NOTE_MS) return;
    written.set(token.id, now);
    options
      .commit(async (tx) => {
        if (await options.recordUse(tx, token.id, now)) await options.first?.(tx, request, token);
      })
      .catch((error: unknown) =>
        request.log.error({ err: error }, 'could not record the token use'),
      );
  };
}

/**
 * `Authorization: Bearer rr_…` (issue 35, decision 0080): the token looked up by its keyed hash,
 * the digests compared in constant time, its owner and its access checked. Verified tokens are
 * remembered by digest (only verified ones: nothing a client sends grows the cache) and read
 * again at most every `recheckMs`, like cached password sign-ins; expiry is checked on every
 * request, and `forgetOwner` (a token revoked, its owner changed) ends the owner's at once.
 */
export function createTokenSignIn(options: {
  tokens: AccessTokensRepository;
  findUser: (id: number) => Promise<UserRecord | null>;
  hash: (secret: string) => string;
  now: () => number;
  today: () => string;
  ttlMs: number;
  recheckMs: number;
  /** Seconds the client must wait (the address limit of failed sign-ins); 0 = none. */
  blockedFor: (request: FastifyRequest) => Promise<number>;
  /** A failed token sign-in: counted, slowed, answered (rejects with the 401 or 429). */
  fail: (request: FastifyRequest) => Promise<never>;
  /** A refusal before any check (blocked): the 429. */
  tooMany: (retryAfter: number) => Error;
  /** A successful sign-in (last_used_at, the first use's audit entry). */
  used: (request: FastifyRequest, token: AccessTokenRecord) => void;
  /** The owner as `request.user` (their access in the request's building); may throw. */
  place: (request: FastifyRequest, user: UserRecord) => UserRecord;
}) {
  const cache = new Map<string, Entry>();

  /** The token and its owner as stored now, if they may sign in today. */
  const load = async (digest: string, token: AccessTokenRecord | null): Promise<Entry | null> => {
    if (!token || !sameDigest(token.tokenHash, digest) || !tokenValid(token, options.today())) {
      return null;
    }
    const owner = await options.findUser(token.userId);
    if (!maySignIn(owner)) return null;
    const now = options.now();
    return {
      digest,
      token,
      user: tokenUser(owner, token.access),
      checkedAt: now,
      until: now + options.ttlMs,
      rechecking: null,
    };
  };

  /**
   * The cached entry if it still stands, else null: in memory while it is fresh, a promise of
   * the re-read once `recheckMs` has passed (one read per token, shared meanwhile).
   */
  const cached = (digest: string): Entry | null | Promise<Entry | null> => {
    const entry = cache.get(digest);
    if (!entry) return null;
    const now = options.now();
    if (entry.until <= now) {
      cache.delete(digest);
      return null;
    }
    if (now - entry.checkedAt < options.recheckMs) {
      if (tokenValid(entry.token, options.today())) return entry;
      cache.delete(digest);
      return null;
    }
    entry.rechecking ??= options.tokens
      .findById(entry.token.id)
      .then((token) => load(digest, token))
      .then(
        (fresh) => {
          entry.rechecking = null;
          // Forgotten meanwhile (revoked, owner changed): the full check runs.
          if (!fresh || cache.get(digest) !== entry) {
            if (cache.get(digest) === entry) cache.delete(digest);
            return null;
          }
          entry.token = fresh.token;
          entry.user = fresh.user;
          entry.checkedAt = fresh.checkedAt;
          return entry;
        },
        (error: unknown) => {
          entry.rechecking = null;
          throw error;
        },
      );
    return entry.rechecking;
  };

  const signIn = (request: FastifyRequest, entry: Entry) => {
    request.user = options.place(request, entry.user);
    request.token = { id: entry.token.id, access: entry.token.access };
    options.used(request, entry.token);
  };

  /** The full check: the token looked up by its digest (a failure is counted and slowed). */
  const check = async (request: FastifyRequest, digest: string | null): Promise<void> => {
    const retryAfter = await options.blockedFor(request);
    if (retryAfter > 0) throw options.tooMany(retryAfter);
    const entry =
      digest === null ? null : await load(digest, await options.tokens.findByHash(digest));
    if (!entry) return options.fail(request);
    cache.set(digest!, entry);
    signIn(request, entry);
  };

  return {
    /** The preHandler's token path: a cached token passes in the same tick. */
    authenticate(request: FastifyRequest, secret: string, done: Done) {
      const digest = SECRET_PATTERN.test(secret) ? options.hash(secret) : null;
      const hit = digest === null ? null : cached(digest);
      if (hit instanceof Promise) {
        hit
          .then((entry) => (entry ? signIn(request, entry) : check(request, digest)))
          .then(() => done(), done);
        return;
      }
      if (hit) {
        try {
          signIn(request, hit);
        } catch (error) {
          done(error as Error);
          return;
        }
        done();
        return;
      }
      check(request, digest).then(() => done(), done);
    },
    /** An owner disabled, deleted or changed: their tokens run the full check next time. */
    forgetOwner(userId: number) {
      for (const [digest, entry] of cache) if (entry.token.userId === userId) cache.delete(digest);
    },
    clear() {
      cache.clear();
    },
  };
}
