import { hash, randomBytes } from 'node:crypto';
import { canonicalName, maySignIn, type UserRecord } from './users.js';

export { canonicalName };

/**
 * The identity of a sign-in: a SHA-256 digest, with a per-process secret in front, of the
 * canonical name and the password as scrypt sees it (NFC). Every spelling of one credential
 * (`Basic`/`basic`, spaces, base64 padding, `DEMO` for `demo`, header or form fields) is one
 * key, and the cache never holds a password.
 */
export function signInKeys() {
  const secret = randomBytes(32).toString('base64');
  return (username: string, password: string) =>
    hash('sha256', `${secret}${canonicalName(username)}\0${password.normalize('NFC')}`, 'base64');
}

/**
 * Whether a cached sign-in still stands for the user as stored now: the password it was checked
 * against is still the user's, and the account is not disabled.
 */
export const stillSignedIn = (cached: UserRecord, fresh: UserRecord | null): fresh is UserRecord =>
  maySignIn(fresh) && fresh.passwordHash === cached.passwordHash;

interface Entry {
  key: string;
  user: UserRecord;
  checkedAt: number;
  until: number;
  /** The re-read under way, shared by the requests that arrive meanwhile. */
  rechecking: Promise<UserRecord | null> | null;
}

/**
 * Verified sign-ins, at most one per account: a new sign-in of an account replaces its old one
 * (its old password's), and only a verified password makes an entry, so the cache holds no more
 * entries than there are users, whatever a client sends. Nothing ever empties it for everyone
 * because it is full; `forgetUser` drops one account's sign-in (password changed, account
 * disabled or deleted).
 */
export function createSignInCache(options: {
  now: () => number;
  /** How long a verified sign-in is remembered. */
  ttlMs: number;
  /** How long a cached user record is trusted before it is read again. */
  recheckMs: number;
  /** The user as stored now, or null when it is gone. */
  reload: (userId: number) => Promise<UserRecord | null>;
}) {
  const byKey = new Map<string, Entry>();
  const byUser = new Map<number, Entry>();
  const drop = (entry: Entry) => {
    if (byKey.get(entry.key) === entry) byKey.delete(entry.key);
    if (byUser.get(entry.user.id) === entry) byUser.delete(entry.user.id);
  };
  return {
    /**
     * The user of a cached sign-in, or null when the full check must run. An in-memory answer
     * while the entry is fresh; once `recheckMs` has passed, a promise of the re-read (one read
     * per entry, shared by the requests that arrive meanwhile).
     */
    get(key: string): UserRecord | null | Promise<UserRecord | null> {
      const entry = byKey.get(key);
      if (!entry) return null;
      const now = options.now();
      if (entry.until <= now) {
        drop(entry);
        return null;
      }
      if (now - entry.checkedAt < options.recheckMs) return entry.user;
      // Changes by another process (the CLI, another node) show within a second: a new hash
      // makes the cached sign-in stale, new access rights are taken over.
      entry.rechecking ??= options.reload(entry.user.id).then(
        (fresh) => {
          entry.rechecking = null;
          // Forgotten meanwhile (password changed, account disabled): the full check runs.
          if (byKey.get(entry.key) !== entry || !stillSignedIn(entry.user, fresh)) {
            drop(entry);
            return null;
          }
          entry.user = fresh;
          entry.checkedAt = options.now();
          return fresh;
        },
        (error: unknown) => {
          entry.rechecking = null;
          throw error;
        },
      );
      return entry.rechecking;
    },
    set(key: string, user: UserRecord) {
      const previous = byUser.get(user.id);
      if (previous) drop(previous);
      const stale = byKey.get(key);
      if (stale) drop(stale);
      const now = options.now();
      const entry: Entry = {
        key,
        user,
        checkedAt: now,
        until: now + options.ttlMs,
        rechecking: null,
      };
      byKey.set(key, entry);
      byUser.set(user.id, entry);
    },
    delete(key: string) {
      const entry = byKey.get(key);
      if (entry) drop(entry);
    },
    /** Forgets the cached sign-in of one account: its next request runs the full check. */
    forgetUser(userId: number) {
      const entry = byUser.get(userId);
      if (entry) drop(entry);
    },
    clear() {
      byKey.clear();
      byUser.clear();
    },
    get size() {
      return byKey.size;
    },
  };
}
export type SignInCache = ReturnType<typeof createSignInCache>;
