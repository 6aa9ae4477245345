import { ALARM_FILTERS, ALARM_KINDS, type AlarmFilter } from '@raumregler/contract';
import type { AlarmListFilters } from '../api/get-alarms';

/** The console's filters as the page's URL keeps them (`?state=all&kind=too-cold&floor=2&from=…`). */
export interface ConsoleFilters extends AlarmListFilters {
  state: AlarmFilter;
  kinds: readonly string[];
}

/** A local date and time as `<input type="datetime-local">` gives it. */
const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Reads the filters from the URL; what is not understood is left out, never an error. */
export function readConsoleFilters(params: URLSearchParams): ConsoleFilters {
  const state = params.get('state');
  const kinds = (params.get('kind') ?? '')
    .split(',')
    .filter((kind) => (ALARM_KINDS as readonly string[]).includes(kind));
  const floor = params.get('floor');
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    state: (ALARM_FILTERS as readonly string[]).includes(state ?? '')
      ? (state as AlarmFilter)
      : 'open',
    kinds: [...new Set(kinds)],
    ...(floor && /^\d{1,9}$/.test(floor) ? { floor: Number(floor) } : {}),
    ...(LOCAL_TIME.test(from) ? { from } : {}),
    ...(LOCAL_TIME.test(to) ? { to } : {}),
  };
}

/** The URL's query for these filters; the defaults are left out, so a plain page is `/alarms`. */
export function writeConsoleFilters(filters: ConsoleFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.state !== 'open') params.set('state', filters.state);
  if (filters.kinds.length > 0) params.set('kind', filters.kinds.join(','));
  if (filters.floor !== undefined) params.set('floor', String(filters.floor));
  if (filters.from) params.set('from', filters.from);
  if (filters.to) params.set('to', filters.to);
  return params;
}

/** Whether any filter beyond the default state is set. */
export const filtersSet = (filters: ConsoleFilters) =>
  filters.state !== 'open' ||
  filters.kinds.length > 0 ||
  filters.floor !== undefined ||
  !!filters.from ||
  !!filters.to;
