import type { Floor } from '@raumregler/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { writeStoredAuth } from './auth-storage';
import { resetHouse } from './house';
import { readLastRooms, saveLastRooms } from './last-rooms';
import { LAST_ROOMS_STORAGE_KEY } from './storage-keys';

const auth = { macAddress: 'localhost', username: 'demo', password: 'demo1234', deviceInfo: null };
const floors = [{ id: 1, etagenname: 'EG', raeume: [] }] as unknown as Floor[];
/** The write waits for the next paint (250 ms at the latest where no frame comes). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

afterEach(() => {
  vi.restoreAllMocks();
  writeStoredAuth(null);
  localStorage.clear();
  sessionStorage.clear();
});

describe('the last known rooms (issue 32)', () => {
  it('are kept where the sign-in is, for its user only, and cleared at sign-out', async () => {
    writeStoredAuth(auth, false);
    saveLastRooms('demo', floors, 1000);
    await settle();
    expect(sessionStorage.getItem(LAST_ROOMS_STORAGE_KEY)).not.toBeNull();
    expect(localStorage.getItem(LAST_ROOMS_STORAGE_KEY)).toBeNull();
    expect(readLastRooms('demo')).toEqual({ username: 'demo', at: 1000, floors });
    expect(readLastRooms('anna')).toBeNull();
    writeStoredAuth(null);
    expect(readLastRooms('demo')).toBeNull();
    expect(sessionStorage.getItem(LAST_ROOMS_STORAGE_KEY)).toBeNull();
  });

  it('are of the building they were shown in (issue 37): another one of this origin gets none', async () => {
    const open = (address: string) => {
      window.history.replaceState(null, '', address);
      resetHouse();
    };
    writeStoredAuth(auth, true);
    open('/re/home/?house=2');
    saveLastRooms('demo', floors, 3000);
    await settle();
    expect(readLastRooms('demo')).toEqual({ username: 'demo', at: 3000, floors, house: 2 });
    // A new tab on this origin without a choice: this host's own building.
    sessionStorage.clear();
    open('/re/home/');
    expect(readLastRooms('demo')).toBeNull();
    open('/re/home/?house=2');
    expect(readLastRooms('demo')).not.toBeNull();
    window.history.replaceState(null, '', '/');
  });

  it('go to local storage with "remember me"', async () => {
    writeStoredAuth(auth, true);
    saveLastRooms('demo', floors, 2000);
    await settle();
    expect(JSON.parse(localStorage.getItem(LAST_ROOMS_STORAGE_KEY)!)).toMatchObject({ at: 2000 });
  });

  it('a full storage keeps none (not an older copy) and throws nothing', async () => {
    writeStoredAuth(auth, true);
    saveLastRooms('demo', floors, 1000);
    await settle();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation((key) => {
      if (key === LAST_ROOMS_STORAGE_KEY) throw new DOMException('full', 'QuotaExceededError');
    });
    saveLastRooms('demo', floors, 5000);
    await settle();
    expect(setItem).toHaveBeenCalled();
    expect(readLastRooms('demo')).toBeNull();
  });
});
