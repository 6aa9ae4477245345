import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  chosenHouse,
  currentHouse,
  forgetChosenHouse,
  houseReady,
  isUnknownHouse,
  resetHouse,
  setConfiguredHouse,
} from './house';

/** A fresh page load at `address` (the module decides once, at its first call). */
function load(address: string) {
  window.history.replaceState(null, '', address);
  resetHouse();
}

beforeEach(() => load('/re/home/'));
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the building the app is opened for', () => {
  it('is the address’s ?house=N, kept for the tab when in-app navigation drops it', () => {
    load('/re/home/?house=2');
    expect(currentHouse()).toBe(2);
    expect(sessionStorage.getItem('raumregler-house')).toBe('2');
    // The router moves on without the query: the choice holds.
    window.history.pushState(null, '', '/re/home/room-control/smart/room/1');
    expect(currentHouse()).toBe(2);
    // A reload of that page in the same tab.
    load('/re/home/room-control/smart/room/1');
    expect(chosenHouse()).toBe(2);
    // Another building chosen in the same tab replaces it.
    load('/re/home/?house=7');
    expect(currentHouse()).toBe(7);
    expect(sessionStorage.getItem('raumregler-house')).toBe('7');
  });

  it('without a choice is the app config’s, once it has answered; a choice wins over it', async () => {
    expect(currentHouse()).toBeNull();
    let asked = 0;
    const waiting = houseReady(async () => {
      asked += 1;
      setConfiguredHouse(5);
    }, 1);
    await expect(waiting).resolves.toBe(5);
    expect(asked).toBe(1);
    expect(currentHouse()).toBe(5);
    // Known now: nobody asks again.
    await expect(houseReady(() => Promise.reject(new Error('asked')), 1)).resolves.toBe(5);
    load('/re/home/?house=2');
    setConfiguredHouse(5);
    expect(currentHouse()).toBe(2);
  });

  it('ignores a ?house= that is no house id, and falls back when the config cannot be read', async () => {
    for (const address of ['/re/home/?house=zwei', '/re/home/?house=0', '/re/home/?house=-3']) {
      load(address);
      expect(chosenHouse(), address).toBeNull();
    }
    expect(sessionStorage.getItem('raumregler-house')).toBeNull();
    await expect(houseReady(() => Promise.reject(new Error('offline')), 1)).resolves.toBe(1);
    expect(currentHouse()).toBeNull();
  });

  it('forgets the tab’s choice, for the next page load', () => {
    load('/re/home/?house=2');
    forgetChosenHouse();
    load('/re/home/');
    expect(currentHouse()).toBeNull();
  });

  it('tells the server’s answer for an unknown building from other 404s', () => {
    const error = (status: number, message: string) =>
      Object.assign(new Error(message), { status });
    expect(isUnknownHouse(error(404, 'Unknown house id.'))).toBe(true);
    expect(isUnknownHouse(error(404, 'Unknown room.'))).toBe(false);
    expect(isUnknownHouse(error(403, 'Unknown house id.'))).toBe(false);
    expect(isUnknownHouse(undefined)).toBe(false);
  });
});
