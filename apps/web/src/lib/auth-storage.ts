import type { DeviceInfo } from '@raumregler/contract';
import { clearLastRooms } from './last-rooms';
import { readJson, writeJson } from './storage';
import { AUTH_STORAGE_KEY } from './storage-keys';

export { AUTH_STORAGE_KEY };

export interface StoredAuth {
  /** First label of the page host name: the device id. */
  macAddress: string;
  username: string;
  password: string;
  deviceInfo: DeviceInfo | null;
}

/**
 * The sign-in held in memory when the browser refuses to store it (storage blocked or full): it
 * lasts until the page is reloaded or closed.
 */
let memoryAuth: StoredAuth | null = null;

/** The credentials live in local storage ("remember me") or only for the browser session. */
export function readStoredAuth(): StoredAuth | null {
  return (
    memoryAuth ??
    readJson<StoredAuth>(AUTH_STORAGE_KEY, 'local') ??
    readJson<StoredAuth>(AUTH_STORAGE_KEY, 'session')
  );
}

/**
 * Saves the auth object where `remember` says; an empty value clears both places. Answers where
 * it went: 'memory' when the browser's storage refused it (the sign-in then holds only until the
 * page is reloaded, and the app says so).
 */
export function writeStoredAuth(auth: StoredAuth | null, remember = true): 'stored' | 'memory' {
  // A sign-out or a new sign-in: the last known rooms go with the old sign-in.
  clearLastRooms();
  memoryAuth = null;
  writeJson(AUTH_STORAGE_KEY, null, 'local');
  writeJson(AUTH_STORAGE_KEY, null, 'session');
  if (!auth || writeJson(AUTH_STORAGE_KEY, auth, remember ? 'local' : 'session')) return 'stored';
  memoryAuth = auth;
  return 'memory';
}

/**
 * Puts a new password into the stored sign-in, where it is kept now (local or session storage,
 * or memory), after the user changed it ("Mein Konto"): the session goes on with it. Answers the
 * updated auth object, or null when nobody is signed in.
 */
export function replaceStoredPassword(password: string): StoredAuth | null {
  if (memoryAuth) {
    memoryAuth = { ...memoryAuth, password };
    return memoryAuth;
  }
  for (const place of ['local', 'session'] as const) {
    const stored = readJson<StoredAuth>(AUTH_STORAGE_KEY, place);
    if (!stored) continue;
    const next = { ...stored, password };
    if (writeJson(AUTH_STORAGE_KEY, next, place)) return next;
    // The old password must not come back with the next page load: drop it, hold the new one.
    writeJson(AUTH_STORAGE_KEY, null, place);
    memoryAuth = next;
    return next;
  }
  return null;
}
