import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { normalizeWeek, type Schedule } from '../utils/week';

/** Our extension of the device API (issue 16): the room's weekly programme. */
export const schedulePath = (roomId: number) => `/schedules/${roomId}/`;

export async function getSchedule(roomId: number): Promise<Schedule> {
  const answer = await apiGet<Partial<Schedule>>(schedulePath(roomId));
  const limit = (value: unknown) =>
    typeof value === 'number' && Number.isFinite(value) ? value : undefined;
  return {
    room: answer.room ?? roomId,
    week: normalizeWeek(answer.week),
    // The room's own limits (our server names them); absent, the editor uses the defaults.
    min_target: limit(answer.min_target),
    max_target: limit(answer.max_target),
  };
}

/** In proxy mode the schedule lives on the real device: our server answers 501 for it. */
export const isEditedAtDevice = (error: unknown) =>
  (error as ApiError | null)?.error === 'edited_at_device' ||
  (error as ApiError | null)?.status === 501;

export const scheduleQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: ['schedules', roomId],
    queryFn: () => getSchedule(roomId),
    // A refusal, a missing room or a device that keeps its own schedule: asking again changes nothing.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || status >= 500) && !isEditedAtDevice(error) && failures < 3;
    },
  });
