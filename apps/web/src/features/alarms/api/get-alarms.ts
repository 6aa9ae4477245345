import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import type { Alarm, AlarmsAnswer, AlarmStateFilter } from './alarm-types';

/** The list's further filters (issue 32), as the server takes them; each one narrows the list. */
export interface AlarmListFilters {
  kinds?: readonly string[];
  floor?: number;
  /** Device-local times without an offset ("2026-11-23T07:00"), on the alarm's start. */
  from?: string;
  to?: string;
}

const hasFilters = (filters: AlarmListFilters | undefined) =>
  !!filters &&
  ((filters.kinds?.length ?? 0) > 0 ||
    filters.floor !== undefined ||
    !!filters.from ||
    !!filters.to);

/**
 * Our own endpoint (issues 15, 32), under /api only: always this page's own server, never a
 * forwarding host or the device (which would answer 502 while the device is away).
 */
export const alarmsPath = (state: AlarmStateFilter, filters?: AlarmListFilters) => {
  const query = new URLSearchParams({ state });
  if (filters?.kinds && filters.kinds.length > 0) query.set('kind', filters.kinds.join(','));
  if (filters?.floor !== undefined) query.set('floor', String(filters.floor));
  if (filters?.from) query.set('from', filters.from);
  if (filters?.to) query.set('to', filters.to);
  return `/alarms/?${query.toString().replaceAll('%2C', ',')}`;
};

export const getAlarms = async (
  state: AlarmStateFilter,
  filters?: AlarmListFilters,
): Promise<Alarm[]> => {
  const answer = await apiGet<AlarmsAnswer>(alarmsPath(state, filters), OWN_SERVER);
  return Array.isArray(answer?.alarms) ? answer.alarms : [];
};

/** Every alarm list shares the ['alarms'] prefix, so an acknowledge refreshes them all at once. */
export const alarmsQueryKey = ['alarms'] as const;

/**
 * `open` (active or acknowledged) for the bell and the room mark, any state with filters for the
 * alarm console; without filters the key is the plain state's, so the console's default list is
 * the bell's (one request for both).
 */
export const alarmsQueryOptions = (state: AlarmStateFilter, filters?: AlarmListFilters) =>
  queryOptions({
    queryKey: hasFilters(filters)
      ? [...alarmsQueryKey, state, filters]
      : [...alarmsQueryKey, state],
    queryFn: () => getAlarms(state, hasFilters(filters) ? filters : undefined),
    // A 401/403 is an answer: asking again would not change it.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return status !== 401 && status !== 403 && failures < 3;
    },
  });
