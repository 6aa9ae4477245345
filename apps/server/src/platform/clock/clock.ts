import { createLocalClock, type LocalClock } from './local-time.js';

/**
 * The one source of "now" for everything that reads the time: schedules, temporary ends, token
 * expiry, rate and failure limits, the sign-in cache. The composition root picks the source
 * (Date.now in server.ts and cli.ts, a hand-moved clock in tests), so nothing sleeps in a test.
 */
export interface Clock {
  now: () => number;
  /** The device's local wall time (TIME_ZONE). */
  local: LocalClock;
}

export function createClock(now: () => number, timeZone: string): Clock {
  const local = createLocalClock(timeZone);
  return { now, local };
}
