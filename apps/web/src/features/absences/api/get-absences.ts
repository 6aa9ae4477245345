import type { Absence, AbsenceList } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

/** An absence as `GET /api/absences/` lists it (issue 16; the contract's type). */
export type { Absence };

export const ABSENCES_PATH = '/absences/';

export async function getAbsences(): Promise<Absence[]> {
  const answer = await apiGet<Partial<AbsenceList>>(ABSENCES_PATH);
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
