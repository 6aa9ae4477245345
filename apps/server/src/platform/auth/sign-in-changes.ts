import type { Change } from '../database/changes.js';
import type { Tx } from '../database/schema.js';

/** The change feed's topic of changes to who may sign in, or with what. */
export const SIGN_INS_TOPIC = 'users';

/**
 * Called inside every commit that changes who may sign in or with what (a password set or
 * reset, access, scope or validity changed, an account disabled or removed, a token revoked):
 * every node forgets the user's cached sign-ins and tokens once it commits (auth plugin).
 */
export type SignInChanged = (tx: Tx, userId: number) => Promise<void>;

/** What a commit announces for a user's changed sign-in: accounts are global, so no house. */
export const signInChange = (userId: number): Change => ({
  house: null,
  topic: SIGN_INS_TOPIC,
  user: userId,
});

/**
 * Which cached sign-ins a change any node announced ends: one user's, everyone's (a `users`
 * change without a user, or the feed reconnected and may have missed changes), or none.
 */
export function signInsEnded(change: Change): { user: number } | 'all' | null {
  if (change.topic === SIGN_INS_TOPIC)
    return change.user === undefined ? 'all' : { user: change.user };
  if (change.house === null && (change.topic === 'reconnected' || change.topic === 'unknown')) {
    return 'all';
  }
  return null;
}
