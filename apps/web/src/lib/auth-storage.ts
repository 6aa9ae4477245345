import type { DeviceInfo } from '@raumregler/contract';
import { readJson, writeJson } from './storage';

/** Versioned so that a change of shape never reads an old object as a new one. */
export const AUTH_STORAGE_KEY = 'raumregler-auth-v1';

export interface StoredAuth {
  /** First label of the page host name: the device id. */
  macAddress: string;
  username: string;
  password: string;
  deviceInfo: DeviceInfo | null;
}

/** The credentials live in local storage ("remember me") or only for the browser session. */
export function readStoredAuth(): StoredAuth | null {
  return (
    readJson<StoredAuth>(AUTH_STORAGE_KEY, 'local') ??
    readJson<StoredAuth>(AUTH_STORAGE_KEY, 'session')
  );
}

/** Saves the auth object where `remember` says; an empty value clears both places. */
export function writeStoredAuth(auth: StoredAuth | null, remember = true): void {
  writeJson(AUTH_STORAGE_KEY, null, 'local');
  writeJson(AUTH_STORAGE_KEY, null, 'session');
  if (auth) writeJson(AUTH_STORAGE_KEY, auth, remember ? 'local' : 'session');
}
