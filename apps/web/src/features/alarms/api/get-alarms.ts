import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import type { Alarm, AlarmsAnswer, AlarmStateFilter } from './alarm-types';

/**
 * Our own endpoint (issue 15), under /api only: always this page's own server, never a
 * forwarding host or the device (which would answer 502 while the device is away).
 */
export const alarmsPath = (state: AlarmStateFilter) => `/alarms/?state=${state}`;

export const getAlarms = async (state: AlarmStateFilter): Promise<Alarm[]> => {
  const answer = await apiGet<AlarmsAnswer>(alarmsPath(state), OWN_SERVER);
  return Array.isArray(answer?.alarms) ? answer.alarms : [];
};

/** Every alarm list shares the ['alarms'] prefix, so an acknowledge refreshes them all at once. */
export const alarmsQueryKey = ['alarms'] as const;

/** `open` (active or acknowledged) for the bell and the room mark, `all` for the history. */
export const alarmsQueryOptions = (state: AlarmStateFilter) =>
  queryOptions({
    queryKey: [...alarmsQueryKey, state],
    queryFn: () => getAlarms(state),
    // A 401/403 is an answer: asking again would not change it.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return status !== 401 && status !== 403 && failures < 3;
    },
  });
