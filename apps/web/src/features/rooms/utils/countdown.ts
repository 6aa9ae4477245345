const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Seconds left as "NNh NNm NNs"; never negative. The hours are at least two digits and grow
 * past 99 unpadded ("744h 05m 10s": a temporary target may last 31 days).
 */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  return `${pad(hours)}h ${pad(minutes)}m ${pad(total % 60)}s`;
}

/** Seconds left at `now` of a countdown that had `remaining` seconds at `receivedAt` (ms). */
export function secondsLeft(remaining: number, receivedAt: number, now: number): number {
  return Math.max(0, Math.ceil(remaining - (now - receivedAt) / 1000));
}
