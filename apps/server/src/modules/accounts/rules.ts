import type { UserRecord } from '../../platform/auth/users.js';

/** Holds `full` access in at least one area: may manage the building (the contract's `manage`). */
const hasFull = (user: Pick<UserRecord, 'accessSmart' | 'accessPro'>) =>
  user.accessSmart === 'full' || user.accessPro === 'full';

/**
 * Whether disabling or deleting `target` would leave nobody who manages the building: refused
 * when `target` may sign in with `full` access in an area and no other user who may sign in has
 * `full` in any area. A user without `full` (or one already disabled) can always go: the
 * building's management does not depend on them.
 */
export function isLastManager(target: UserRecord, users: readonly UserRecord[]): boolean {
  if (target.disabledAt !== null || !hasFull(target)) return false;
  return !users.some((user) => user.id !== target.id && user.disabledAt === null && hasFull(user));
}
