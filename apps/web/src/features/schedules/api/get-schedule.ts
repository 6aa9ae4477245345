import { readProgramme, type ProgrammePoint } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { normalizeWeek, type Schedule } from '../utils/week';

/** Our extension of the device API (issue 16): the room's weekly programme. */
export const schedulePath = (roomId: number) => `/schedules/${roomId}/`;

/**
 * Proxy mode (issue 33): the real device keeps its own programme, edited at the device; our
 * server lists its switch points (scenes, not rooms) read-only.
 */
export interface DeviceProgramme {
  room: number;
  source: 'device';
  points: ProgrammePoint[];
}

/** A room's schedule: our server's week (editable), or the device's own programme. */
export type ScheduleAnswer = Schedule | DeviceProgramme;

export const isDeviceProgramme = (answer: ScheduleAnswer): answer is DeviceProgramme =>
  answer.source === 'device';

type Wire = Partial<Omit<Schedule, 'source'>> & { source?: string; switch_points?: unknown };

export async function getSchedule(roomId: number): Promise<ScheduleAnswer> {
  const answer = await apiGet<Wire>(schedulePath(roomId));
  if (answer.source === 'device') {
    return { room: roomId, source: 'device', points: readProgramme(answer.switch_points) };
  }
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

export const scheduleQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: ['schedules', roomId],
    queryFn: () => getSchedule(roomId),
    // A refusal, a missing room or a server that does not offer it (501): asking again changes nothing.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || (status >= 500 && status !== 501)) && failures < 3;
    },
  });
