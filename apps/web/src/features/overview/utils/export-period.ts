/**
 * The building export's period (issue 32): whole local days from `from` to `to` (both
 * included, `YYYY-MM-DD`), with the presets the dialog offers, and the URL of
 * `GET /api/history/export.csv`.
 */
export const EXPORT_PRESETS = ['lastMonth', 'thisMonth', 'last7', 'last30'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];
export const EXPORT_STEPS = ['15m', '1h', '1d'] as const;
export type ExportStep = (typeof EXPORT_STEPS)[number];
/** The server's longest export (it takes 401 days: 400 whole days and a changed clock). */
export const EXPORT_MAX_DAYS = 400;

export interface ExportPeriod {
  from: string;
  to: string;
}

const pad = (value: number) => String(value).padStart(2, '0');
/** A local calendar date as `YYYY-MM-DD`. */
export const isoDate = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const day = (year: number, month: number, date: number) => new Date(year, month, date);

/** The days a preset covers, seen from `today`. */
export function presetPeriod(preset: ExportPreset, today: Date): ExportPeriod {
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  switch (preset) {
    case 'lastMonth':
      return { from: isoDate(day(y, m - 1, 1)), to: isoDate(day(y, m, 0)) };
    case 'thisMonth':
      return { from: isoDate(day(y, m, 1)), to: isoDate(today) };
    case 'last7':
      return { from: isoDate(day(y, m, d - 6)), to: isoDate(today) };
    case 'last30':
      return { from: isoDate(day(y, m, d - 29)), to: isoDate(today) };
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Days since 1970 of a `YYYY-MM-DD` date, or null when it is none. */
function dayNumber(text: string): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const utc = Date.UTC(y, m - 1, d);
  const check = new Date(utc);
  return check.getUTCDate() === d && check.getUTCMonth() === m - 1 ? utc / 86_400_000 : null;
}

export type PeriodProblem = 'from' | 'to' | 'order' | 'tooLong' | null;

/** What is wrong with a period, if anything. */
export function periodProblem({ from, to }: ExportPeriod): PeriodProblem {
  const first = dayNumber(from);
  if (first === null) return 'from';
  const last = dayNumber(to);
  if (last === null) return 'to';
  if (last < first) return 'order';
  return last - first + 1 > EXPORT_MAX_DAYS ? 'tooLong' : null;
}

/**
 * The export's path on our server: from the first day's midnight to the midnight after the
 * last day, as local times of the device (no offset: the server reads them in its zone).
 */
export function exportPath(
  period: ExportPeriod,
  step: ExportStep,
  floor: number | null,
  lang: 'de' | 'en',
): string {
  const end = dayNumber(period.to)! + 1;
  const next = new Date(end * 86_400_000).toISOString().slice(0, 10);
  const params = new URLSearchParams({
    from: `${period.from}T00:00`,
    to: `${next}T00:00`,
    step,
    lang,
  });
  if (floor !== null) params.set('floor', String(floor));
  return `/history/export.csv?${params.toString()}`;
}
