import { managesBuilding } from '@raumregler/contract';
import { holderOf } from '../../platform/auth/permissions.js';
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

/**
 * Whether changing `target` into `changed` (its scope or validity, issue 34) would leave no
 * building-wide manager (`manage` with the whole building, valid `today`) among the users who
 * may sign in. A change that keeps one, or that concerns no such manager, passes.
 */
export function leavesNoBuildingManager(
  changed: UserRecord,
  users: readonly UserRecord[],
  today: string,
): boolean {
  const manages = (user: UserRecord) =>
    user.disabledAt === null && managesBuilding(holderOf(user), today);
  const before = users.find((user) => user.id === changed.id);
  if (!before || !manages(before) || manages(changed)) return false;
  return !users.some((user) => user.id !== changed.id && manages(user));
}
