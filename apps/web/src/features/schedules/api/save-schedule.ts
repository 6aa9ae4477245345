import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { normalizeWeek, type Schedule, type Week } from '../utils/week';
import { scheduleQueryOptions, schedulePath } from './get-schedule';

export interface SaveScheduleInput {
  roomId: number;
  week: Week;
}

/** POST the whole week as the `week` form field (JSON), with the credentials. */
export async function saveSchedule({ roomId, week }: SaveScheduleInput): Promise<Schedule> {
  const { data } = await apiPost<Partial<Schedule> | string>(schedulePath(roomId), {
    week: JSON.stringify(week),
  });
  // The answer is the saved schedule; should it be empty, what was sent is what holds.
  const answer = typeof data === 'object' && data?.week ? data.week : week;
  return { room: roomId, week: normalizeWeek(answer) };
}

/**
 * Saves a room's week and puts the answer into the cache. `onSaved` is the route's: the room's
 * target in force and its next change follow the new week at once, so the temps reload.
 */
export function useSaveSchedule(onSaved?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: (schedule, { roomId }) => {
      queryClient.setQueryData(scheduleQueryOptions(roomId).queryKey, schedule);
      return onSaved?.();
    },
  });
}
