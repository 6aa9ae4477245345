/**
 * Counts failed sign-ins per key (the auth plugin keeps two: per account and client address
 * pair, and per client address). Within one window, failures past half the limit are slowed
 * down (each a little more), and at the limit the client is blocked until the window ends.
 * Successful sign-ins neither count nor reset the count, so an attacker with one valid account
 * cannot wipe the slate between guesses.
 */
export interface FailureLimiterOptions {
  limit: number;
  windowMs: number;
  now: () => number;
  /** How many clients are counted at most (tests make it small). */
  maxClients?: number;
}

const STEP_MS = 250;
const MAX_DELAY_MS = 2_000;
const MAX_CLIENTS = 10_000;

export function createFailureLimiter({
  limit,
  windowMs,
  now,
  maxClients = MAX_CLIENTS,
}: FailureLimiterOptions) {
  const clients = new Map<string, { count: number; since: number }>();
  const current = (client: string) => {
    const entry = clients.get(client);
    if (entry && now() - entry.since >= windowMs) {
      clients.delete(client);
      return undefined;
    }
    return entry;
  };
  // Full (a flood of distinct addresses or names must not grow memory without bound): the
  // expired entries go, and if that frees nothing, the one with the fewest failures (the oldest
  // of those). Nothing is cleared for everyone, and a count of n is only pushed out by a map full
  // of counts of at least n: wiping someone's failures costs more failed sign-ins than it saves.
  const makeRoom = () => {
    let fewest: [string, { count: number }] | undefined;
    for (const [client, entry] of clients) {
      if (now() - entry.since >= windowMs) clients.delete(client);
      else if (!fewest || entry.count < fewest[1].count) fewest = [client, entry];
    }
    if (clients.size >= maxClients && fewest) clients.delete(fewest[0]);
  };
  const slowAfter = Math.floor(limit / 2);

  return {
    /** Seconds until the client may try again; 0 when it is not blocked. */
    blockedFor(client: string): number {
      const entry = current(client);
      if (!entry || entry.count < limit) return 0;
      return Math.max(1, Math.ceil((entry.since + windowMs - now()) / 1000));
    },
    /** Failures of the client in its current window. */
    failures(client: string): number {
      return current(client)?.count ?? 0;
    },
    /** Records a failure; answers how long to hold back the answer, in milliseconds. */
    fail(client: string): number {
      let entry = current(client);
      if (!entry) {
        if (clients.size >= maxClients) makeRoom();
        entry = { count: 0, since: now() };
        clients.set(client, entry);
      }
      entry.count += 1;
      return entry.count > slowAfter
        ? Math.min((entry.count - slowAfter) * STEP_MS, MAX_DELAY_MS)
        : 0;
    },
  };
}
