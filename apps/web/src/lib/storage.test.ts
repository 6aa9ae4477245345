import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredAuth, writeStoredAuth, AUTH_STORAGE_KEY } from './auth-storage';
import { readJson, writeJson } from './storage';

afterEach(() => vi.restoreAllMocks());

const auth = { macAddress: 'localhost', username: 'demo', password: 'demo1234', deviceInfo: null };

describe('storage', () => {
  it('reads back what it wrote, in local or session storage', () => {
    writeJson('k', { a: 1 });
    writeJson('s', [1, 2], 'session');
    expect(readJson('k')).toEqual({ a: 1 });
    expect(readJson('s', 'session')).toEqual([1, 2]);
    expect(readJson('s')).toBeNull();
  });

  it('ignores and logs bad JSON instead of crashing', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.setItem('k', '{broken');
    expect(readJson('k')).toBeNull();
    expect(log).toHaveBeenCalledOnce();
  });

  it('an empty value removes the key', () => {
    writeJson('k', { a: 1 });
    writeJson('k', '');
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('logs and carries on when the browser refuses to store (quota, private mode)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => writeJson('k', { a: 1 })).not.toThrow();
    expect(log).toHaveBeenCalled();
  });
});

describe('stored auth', () => {
  it('is kept in local storage when remembered, in session storage otherwise', () => {
    writeStoredAuth(auth, true);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    writeStoredAuth(auth, false);
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
    expect(readStoredAuth()).toEqual(auth);
  });

  it('storing an empty value clears both places', () => {
    writeStoredAuth(auth, true);
    writeStoredAuth(null);
    expect(readStoredAuth()).toBeNull();
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('is held in memory, and says so, when the browser refuses to store it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(writeStoredAuth(auth, true)).toBe('memory');
    expect(readStoredAuth()).toEqual(auth);
    expect(writeStoredAuth(null)).toBe('stored');
    expect(readStoredAuth()).toBeNull();
    setItem.mockRestore();
    expect(writeStoredAuth(auth, false)).toBe('stored');
  });

  it('uses a versioned key', () => {
    expect(AUTH_STORAGE_KEY).toMatch(/-v\d+$/);
  });
});
