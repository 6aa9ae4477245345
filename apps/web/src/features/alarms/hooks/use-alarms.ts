import { useQuery } from '@tanstack/react-query';
import { alarmsQueryOptions, type AlarmListFilters } from '../api/get-alarms';
import type { AlarmStateFilter } from '../api/alarm-types';

export const ALARMS_REFRESH_MS = 60_000;

/**
 * An alarm list, refreshed like the overview: every 60 s while the page is visible (TanStack
 * pauses the interval in the background) and after an acknowledge. The bell, the console's
 * default list and the room mark share the `open` list, so they cost one request together.
 */
export function useAlarms(state: AlarmStateFilter, enabled = true, filters?: AlarmListFilters) {
  return useQuery({
    ...alarmsQueryOptions(state, filters),
    enabled,
    refetchInterval: ALARMS_REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: ALARMS_REFRESH_MS,
  });
}
