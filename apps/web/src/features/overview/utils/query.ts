/** The overview's view as it lives in the URL: `q`, `floor`, `state`, `sort` (`-` = descending). */

export const SORT_KEYS = [
  'room',
  'floor',
  'current',
  'target',
  'deviation',
  'status',
  'next',
  'humidity',
  'valve',
  'updated',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export const STATE_FILTERS = [
  'temporary',
  'below',
  'above',
  'no-sensor',
  'silent',
  'absent',
  'alarm',
  'demand',
] as const;
export type StateFilter = (typeof STATE_FILTERS)[number];

export interface OverviewSort {
  key: SortKey;
  descending: boolean;
}

export interface OverviewQuery {
  q: string;
  floor: number | null;
  state: StateFilter | null;
  sort: OverviewSort | null;
}

export const DEFAULT_QUERY: OverviewQuery = { q: '', floor: null, state: null, sort: null };

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The view from the URL; an unknown or malformed value is ignored (that part stays default). */
export function parseQuery(params: URLSearchParams): OverviewQuery {
  const q = (params.get('q') ?? '').slice(0, 200);
  const floorText = params.get('floor') ?? '';
  const floor = /^\d{1,9}$/.test(floorText) ? Number(floorText) : null;
  const stateText = params.get('state') ?? '';
  const state = isOneOf(STATE_FILTERS, stateText) ? stateText : null;
  const sortText = params.get('sort') ?? '';
  const descending = sortText.startsWith('-');
  const key = descending ? sortText.slice(1) : sortText;
  const sort = isOneOf(SORT_KEYS, key) ? { key, descending } : null;
  return { q, floor, state, sort };
}

/** The URL query for a view; default parts are left out, so the default view is `/`. */
export function serializeQuery(query: OverviewQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q.trim() !== '') params.set('q', query.q);
  if (query.floor !== null) params.set('floor', String(query.floor));
  if (query.state !== null) params.set('state', query.state);
  if (query.sort) params.set('sort', `${query.sort.descending ? '-' : ''}${query.sort.key}`);
  return params;
}
