import type { Floor } from '@raumregler/contract';
import { useSyncExternalStore } from 'react';
import { afterPaint } from './after-paint';
import { chosenHouse } from './house';
import { readJson, writeJson, type StorageArea } from './storage';
import { AUTH_STORAGE_KEY, LAST_ROOMS_STORAGE_KEY } from './storage-keys';

/**
 * The last known rooms (issue 32): the last `temps` answer, kept in the browser's storage beside
 * the sign-in (the same place: local storage with "remember me", session storage without; not at
 * all while the sign-in lives in memory), so that after a reload while the controller does not
 * answer the app still shows the rooms, marked with their time. Cleared at sign-out. A full or
 * blocked storage keeps nothing and changes nothing else.
 */
export interface LastRooms {
  /** Whose rooms: another user signing in on this browser never sees them. */
  username: string;
  /** When the answer arrived (epoch ms). */
  at: number;
  floors: Floor[];
  /**
   * Of which building (issue 37): the one the address chose (`?house=N`), absent for this
   * host's own. The storage is per origin, so that tells the buildings of one origin apart.
   */
  house?: number;
}

/** Where the sign-in is stored now; null while it is held in memory only (or nobody signed in). */
function authArea(): StorageArea | null {
  if (readJson(AUTH_STORAGE_KEY, 'local')) return 'local';
  if (readJson(AUTH_STORAGE_KEY, 'session')) return 'session';
  return null;
}

let cancelPending: (() => void) | null = null;

/**
 * Keeps a live answer, in a task of its own after the first view is complete (1,000 rooms are
 * 450,000 characters of JSON, about 5 ms to stringify and 25–50 ms to store at 4x CPU
 * slowdown: never inside the render of the rooms, nor before the first view's largest paint).
 * A refusing storage is logged and ignored.
 */
export function saveLastRooms(username: string, floors: Floor[], at: number): void {
  cancelPending?.();
  cancelPending = afterPaint(() => {
    cancelPending = null;
    const area = authArea();
    if (!area) return;
    const house = chosenHouse();
    const record: LastRooms = { username, at, floors, ...(house === null ? {} : { house }) };
    if (!writeJson(LAST_ROOMS_STORAGE_KEY, record, area)) {
      // Storage full: an old copy must not stand in for this answer later.
      writeJson(LAST_ROOMS_STORAGE_KEY, null, area);
    }
  }, 'first-view');
}

/** The stored rooms of this user in this building, or null. */
export function readLastRooms(username: string): LastRooms | null {
  for (const area of ['local', 'session'] as const) {
    const stored = readJson<LastRooms>(LAST_ROOMS_STORAGE_KEY, area);
    if (
      stored &&
      stored.username === username &&
      (stored.house ?? null) === chosenHouse() &&
      typeof stored.at === 'number' &&
      Array.isArray(stored.floors)
    ) {
      return stored;
    }
  }
  return null;
}

/** Forgets the stored rooms (sign-out, another sign-in) and that any are shown. */
export function clearLastRooms(): void {
  cancelPending?.();
  cancelPending = null;
  writeJson(LAST_ROOMS_STORAGE_KEY, null, 'local');
  writeJson(LAST_ROOMS_STORAGE_KEY, null, 'session');
  showLastRooms(null);
}

// Whether the rooms on screen are the stored ones, and of when: the connection banner says so,
// and the room page refuses changes meanwhile.
let shownAt: number | null = null;
const listeners = new Set<() => void>();

/** `at`: the stored rooms of that instant are shown now; null: live rooms are shown. */
export function showLastRooms(at: number | null): void {
  if (at === shownAt) return;
  shownAt = at;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** When the shown rooms were last known (epoch ms); null while the rooms are live. */
export const useLastRoomsShownAt = (): number | null =>
  useSyncExternalStore(
    subscribe,
    () => shownAt,
    () => null,
  );
