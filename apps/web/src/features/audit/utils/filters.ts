/** The Protokoll page's filters, as they live in the URL query (`?room=21&user=anna&from=…`). */
export interface AuditFilters {
  room: number | null;
  user: string;
  /** Calendar days (YYYY-MM-DD) in the device's time; `to` includes its whole day. */
  from: string | null;
  to: string | null;
}

export const NO_FILTERS: AuditFilters = { room: null, user: '', from: null, to: null };

/** Whether any filter is set (an empty answer then says so, not that the log is empty). */
export const hasFilters = (filters: AuditFilters) =>
  filters.room !== null ||
  filters.user.trim() !== '' ||
  filters.from !== null ||
  filters.to !== null;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day, else null (`2026-02-30` is none). */
export function parseDay(text: string | null): string | null {
  const match = text ? DAY.exec(text) : null;
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
    ? text
    : null;
}

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * Reads the filters from the URL; values that make no sense (a room that is no number, a day
 * that does not exist, a period that ends before it starts) are ignored, never an error page.
 */
export function parseAuditFilters(search: URLSearchParams): AuditFilters {
  const roomText = search.get('room')?.trim() ?? '';
  const room = /^\d{1,9}$/.test(roomText) ? Number(roomText) : null;
  const user = (search.get('user') ?? '').trim().slice(0, 100);
  const from = parseDay(search.get('from'));
  let to = parseDay(search.get('to'));
  if (from && to && to < from) to = null;
  return { room, user, from, to };
}

/** The filters as a URL query, only the ones set, in a fixed order. */
export function writeAuditFilters(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  if (filters.room !== null) search.set('room', String(filters.room));
  if (filters.user.trim()) search.set('user', filters.user.trim());
  if (filters.from) search.set('from', filters.from);
  if (filters.to) search.set('to', filters.to);
  return search;
}

/**
 * The query of `GET /api/audit/`: days become device-local times without an offset (the server
 * reads them in its zone), `from` inclusive and `to` exclusive, so `to` moves to the next
 * midnight to include its day.
 */
export function auditRequestQuery(filters: AuditFilters, limit?: number): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.room !== null) query.set('room', String(filters.room));
  if (filters.user.trim()) query.set('user', filters.user.trim());
  if (filters.from) query.set('from', `${filters.from}T00:00:00`);
  if (filters.to) query.set('to', `${nextDay(filters.to)}T00:00:00`);
  if (limit !== undefined) query.set('limit', String(limit));
  return query;
}
