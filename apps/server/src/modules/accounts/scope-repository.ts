import type { Tx } from '../../platform/database/schema.js';
import '../../platform/auth/tables.js';

/**
 * A user's scope and validity (issue 34), written here on the commit's `tx`; the users
 * repository (platform/auth/users.ts) reads them with the rest of the user, so a change reaches
 * a signed-in user at the sign-in cache's next re-check (within a second).
 */
export function createScopeRepository() {
  const ids = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b).join(',');
  return {
    /** Floors and rooms (the union); both empty = the whole building. */
    async setScope(
      tx: Tx,
      userId: number,
      floors: readonly number[],
      rooms: readonly number[],
    ): Promise<void> {
      await tx
        .updateTable('users')
        .set({ scope_floors: ids(floors), scope_rooms: ids(rooms) })
        .where('id', '=', userId)
        .execute();
    },
    /** First and last day (`YYYY-MM-DD`), null = open. */
    async setValidity(
      tx: Tx,
      userId: number,
      from: string | null,
      until: string | null,
    ): Promise<void> {
      await tx
        .updateTable('users')
        .set({ valid_from: from, valid_until: until })
        .where('id', '=', userId)
        .execute();
    },
  };
}
export type ScopeRepository = ReturnType<typeof createScopeRepository>;
