import type { Database } from 'better-sqlite3';

/**
 * A user's scope and validity (issue 34), written here; the users repository
 * (platform/auth/users.ts) reads them with the rest of the user, so a change reaches a signed-in
 * user at the sign-in cache's next re-check (within a second).
 */
export function createScopeRepository(db: Database) {
  const updateScope = db.prepare('UPDATE users SET scope_floors = ?, scope_rooms = ? WHERE id = ?');
  const updateValidity = db.prepare(
    'UPDATE users SET valid_from = ?, valid_until = ? WHERE id = ?',
  );
  const ids = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b).join(',');
  return {
    /** Floors and rooms (the union); both empty = the whole building. */
    setScope(userId: number, floors: readonly number[], rooms: readonly number[]) {
      updateScope.run(ids(floors), ids(rooms), userId);
    },
    /** First and last day (`YYYY-MM-DD`), null = open. */
    setValidity(userId: number, from: string | null, until: string | null) {
      updateValidity.run(from, until, userId);
    },
  };
}
export type ScopeRepository = ReturnType<typeof createScopeRepository>;
