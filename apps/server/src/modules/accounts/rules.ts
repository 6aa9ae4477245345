import { managesBuilding } from '@raumregler/contract';
import { holderOf } from '../../platform/auth/permissions.js';
import type { UserRecord } from '../../platform/auth/users.js';

/**
 * Manages the whole building today (issue 34): may sign in, `manage` (full access in an area)
 * with no scope, within their validity. Without `today` the validity is not asked.
 */
const managesWholeBuilding = (user: UserRecord, today?: string) =>
  user.disabledAt === null && managesBuilding(holderOf(user), today);

/**
 * Whether disabling or deleting `target` would leave nobody who manages the building: refused
 * when `target` manages the whole building (full access in an area, no scope, valid `today`)
 * and no other user does. A user who does not (or one already disabled) can always go: the
 * building's management does not depend on them.
 */
export function isLastManager(
  target: UserRecord,
  users: readonly UserRecord[],
  today?: string,
): boolean {
  if (!managesWholeBuilding(target, today)) return false;
  return !users.some((user) => user.id !== target.id && managesWholeBuilding(user, today));
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
  const manages = (user: UserRecord) => managesWholeBuilding(user, today);
  const before = users.find((user) => user.id === changed.id);
  if (!before || !manages(before) || manages(changed)) return false;
  return !users.some((user) => user.id !== changed.id && manages(user));
}
