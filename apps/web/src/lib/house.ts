import type { ApiError } from './api-error';
import { HOUSE_STORAGE_KEY } from './storage-keys';

/**
 * The building the app is opened for (issue 37), decided in this one place for every call the
 * API client makes (lib/api-client.ts): the page address's `?house=N` at boot (kept for the tab
 * in sessionStorage), else the one kept for this tab, else the one the server's app config
 * names (the building of the host label, else the server's own). An explicit choice goes to the
 * server as `house=N` on every /api request; the app config's needs none (the server's default
 * for this host is that building). Device API paths carry the house id in any case. Switching
 * building loads the page anew (the Gebäude page's links), so the choice never changes in a tab
 * while the app runs.
 */

/** A house id as the server takes it: a whole number from 1, at most 7 digits. */
const HOUSE_TEXT = /^[1-9]\d{0,6}$/;

export function parseHouse(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  return HOUSE_TEXT.test(trimmed) ? Number(trimmed) : null;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The building chosen for this tab: `?house=N` of the address (then kept in sessionStorage),
 * else the one kept; null when neither names one.
 */
export function chosenHouseOf(search: string, session: Storage | null): number | null {
  const fromAddress = parseHouse(new URLSearchParams(search).get('house'));
  try {
    if (fromAddress !== null) {
      session?.setItem(HOUSE_STORAGE_KEY, String(fromAddress));
      return fromAddress;
    }
    return parseHouse(session?.getItem(HOUSE_STORAGE_KEY));
  } catch {
    // Storage blocked: the address alone decides, for this page load.
    return fromAddress;
  }
}

let chosen: number | null | undefined;
let configured: number | null = null;
let waiting: ((house: number) => void)[] = [];

/** The explicit choice, read from the address and the tab's storage once, at the first call. */
export function chosenHouse(): number | null {
  chosen ??= chosenHouseOf(window.location.search, sessionStore());
  return chosen;
}

/** The building of every call, or null while only the app config can tell (not yet answered). */
export function currentHouse(): number | null {
  return chosenHouse() ?? configured;
}

/** The app config's answer (`houseId`): the building when the address named none. */
export function setConfiguredHouse(house: number): void {
  configured = house;
  const resolved = currentHouse()!;
  for (const resolve of waiting) resolve(resolved);
  waiting = [];
}

/**
 * The building once known; `load` asks the app config when nothing has said it yet. A config
 * that cannot be read leaves the calls with the device API's default house id, as before many
 * buildings (the call itself then fails as the config did, or reaches the server's own).
 */
export function houseReady(load: () => Promise<unknown>, fallback: number): Promise<number> {
  const known = currentHouse();
  if (known !== null) return Promise.resolve(known);
  return new Promise((resolve) => {
    waiting.push(resolve);
    load().then(
      () => resolve(currentHouse() ?? fallback),
      () => resolve(currentHouse() ?? fallback),
    );
  });
}

/**
 * Forgets the tab's choice: the way out of a building that does not exist (or that the user
 * holds no access in), back to this host's own building on the next page load.
 */
export function forgetChosenHouse(): void {
  try {
    sessionStore()?.removeItem(HOUSE_STORAGE_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The server's answer for a house id it does not run, or one the user holds no access in. */
export function isUnknownHouse(error: unknown): boolean {
  const apiError = error as ApiError | null | undefined;
  return apiError?.status === 404 && apiError.message === 'Unknown house id.';
}

/** Tests: start over, as a fresh page load would (optionally with the app config answered). */
export function resetHouse(configuredHouse: number | null = null): void {
  chosen = undefined;
  configured = configuredHouse;
  waiting = [];
}
