import { TEMPORARY_DURATION_MAX, TEMPORARY_UNTIL_MAX_DAYS } from '@raumregler/contract';

const MINUTE = 60_000;
/** Our server's least distance of an end (1 minute), plus a little for the time the writes take. */
const MIN_AHEAD_MS = 2 * MINUTE;

/**
 * How far ahead "Bis …" may reach: 31 days on our server; in proxy mode only what a real device
 * takes as `duration` (1440 minutes), since it ignores `until`.
 */
export const untilMaxAheadMs = (proxy: boolean) =>
  proxy ? TEMPORARY_DURATION_MAX * MINUTE : TEMPORARY_UNTIL_MAX_DAYS * 24 * 60 * MINUTE;

export type UntilProblem = 'missing' | 'invalid' | 'past' | 'tooFar';

/**
 * The end instant of "Bis …" from a date field ("YYYY-MM-DD") and a time field ("HH:MM"), in
 * the browser's local time, which stands in for the device's (as for every group action), or
 * the problem to say at the fields.
 */
export function checkUntil(
  date: string,
  time: string,
  now: Date,
  proxy: boolean,
): { until: Date } | { problem: UntilProblem } {
  if (date.trim() === '' || time.trim() === '') return { problem: 'missing' };
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!d || !t) return { problem: 'invalid' };
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const until = new Date(year, month - 1, day, Number(t[1]), Number(t[2]));
  if (
    Number.isNaN(until.getTime()) ||
    until.getFullYear() !== year ||
    until.getMonth() !== month - 1 ||
    until.getDate() !== day
  )
    return { problem: 'invalid' };
  if (until.getTime() - now.getTime() < MIN_AHEAD_MS) return { problem: 'past' };
  if (until.getTime() - now.getTime() > untilMaxAheadMs(proxy)) return { problem: 'tooFar' };
  return { until };
}

/**
 * The `duration` sent beside `until`: the minutes up to the end, within the device's 1–1440 (a
 * real device runs that long; our server ends at `until`).
 */
export const durationBeside = (until: Date, now: Date) =>
  Math.min(
    TEMPORARY_DURATION_MAX,
    Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE)),
  );

const pad = (n: number) => String(n).padStart(2, '0');
/** A date field's value ("YYYY-MM-DD") for a local instant. */
export const dateField = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
