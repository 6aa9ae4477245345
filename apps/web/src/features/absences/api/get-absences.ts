import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** An absence as `GET /api/absences/` lists it (issue 16; our extension of the device API). */
export interface Absence {
  id: number;
  name: string;
  /** Device-local ISO 8601 with its offset. */
  from: string;
  to: string;
  target: number;
  rooms: number[];
  created_by: string | null;
}

export const ABSENCES_PATH = '/absences/';

export async function getAbsences(): Promise<Absence[]> {
  const answer = await apiGet<{ absences?: Absence[] }>(ABSENCES_PATH);
  return Array.isArray(answer.absences) ? answer.absences : [];
}

/** In proxy mode the device keeps its own programme: our server answers 501 for absences. */
export const isEditedAtDevice = (error: unknown) =>
  (error as ApiError | null)?.error === 'edited_at_device' ||
  (error as ApiError | null)?.status === 501;

export const absencesQueryOptions = () =>
  queryOptions({
    queryKey: ['absences'],
    queryFn: getAbsences,
    staleTime: 60_000,
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || status >= 500) && !isEditedAtDevice(error) && failures < 3;
    },
  });
