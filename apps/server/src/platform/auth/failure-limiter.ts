import type { FailureCount, FailureCounts } from './failure-counts.js';

/**
 * Counts failed sign-ins per key (the auth plugin keeps two limits: per account and client
 * address pair, and per client address), in the database that all nodes share
 * (failure-counts.ts). Within one window, failures past half the limit are slowed down (each a
 * little more), and at the limit the client is blocked until the window ends. Successful
 * sign-ins neither count nor reset the count, so an attacker with one valid account cannot wipe
 * the slate between guesses.
 */
export interface FailureLimiterOptions {
  /** Which limit this is (`pair`, `address`): the counts of two limits never meet. */
  name: string;
  limit: number;
  windowMs: number;
  now: () => number;
  counts: Pick<FailureCounts, 'read' | 'add'>;
}

/** A failure as recorded: how long to hold back the answer, and where the client stands now. */
export interface Failure {
  /** Milliseconds to wait before answering. */
  delay: number;
  /** Failures of the client in its window, this one included (every node's). */
  failures: number;
  /** Seconds until the client may try again; 0 when it is not blocked. */
  blockedFor: number;
}

const STEP_MS = 250;
const MAX_DELAY_MS = 2_000;

export function createFailureLimiter({
  name,
  limit,
  windowMs,
  now,
  counts,
}: FailureLimiterOptions) {
  const slowAfter = Math.floor(limit / 2);
  const key = (client: string) => `${name}\0${client}`;
  const blockedFor = (count: FailureCount | null) =>
    !count || count.failures < limit
      ? 0
      : Math.max(1, Math.ceil((count.since + windowMs - now()) / 1000));

  return {
    /** Seconds until the client may try again; 0 when it is not blocked. */
    async blockedFor(client: string): Promise<number> {
      return blockedFor(await counts.read(key(client), now()));
    },
    /** Failures of the client in its current window. */
    async failures(client: string): Promise<number> {
      return (await counts.read(key(client), now()))?.failures ?? 0;
    },
    /** Records a failure (atomically, across nodes). */
    async fail(client: string): Promise<Failure> {
      const count = await counts.add(key(client), now());
      return {
        delay:
          count.failures > slowAfter
            ? Math.min((count.failures - slowAfter) * STEP_MS, MAX_DELAY_MS)
            : 0,
        failures: count.failures,
        blockedFor: blockedFor(count),
      };
    },
  };
}
export type FailureLimiter = ReturnType<typeof createFailureLimiter>;
