/**
 * Local and session storage that never throws: a full quota, a disabled storage or bad JSON is
 * logged and treated as "nothing stored", as the spec asks.
 */
export type StorageArea = 'local' | 'session';

function area(which: StorageArea): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.error('Storage is not available', error);
    return null;
  }
}

export function readJson<T>(key: string, which: StorageArea = 'local'): T | null {
  try {
    const raw = area(which)?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch (error) {
    console.error(`Could not read "${key}" from storage`, error);
    return null;
  }
}

/**
 * Writes `value` as JSON; an empty value (null, undefined, '') removes the key. Answers whether
 * it worked: false when the storage is blocked or full (the caller may keep the value elsewhere).
 */
export function writeJson(key: string, value: unknown, which: StorageArea = 'local'): boolean {
  try {
    const storage = area(which);
    if (!storage) return false;
    if (value === null || value === undefined || value === '') storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.error(`Could not write "${key}" to storage`, error);
    return false;
  }
}
