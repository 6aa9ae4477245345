import type { Absence, AbsenceList, AppConfig } from '@raumregler/contract';
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

/**
 * The app-config's `deviceMode` (issue 33); undefined while it loads. In proxy mode the device
 * keeps its own programme and our server has no absences (it answers 501): they are not asked for.
 */
export type DeviceMode = AppConfig['deviceMode'] | undefined;

export const absencesQueryOptions = (deviceMode: DeviceMode = 'simulation') =>
  queryOptions({
    queryKey: ['absences'],
    queryFn: getAbsences,
    staleTime: 60_000,
    // Ours in simulation and with real thermostats (mqtt); a proxied device keeps its own.
    enabled: deviceMode !== undefined && deviceMode !== 'proxy',
    // A server that does not offer them (501) answers the same again.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || (status >= 500 && status !== 501)) && failures < 3;
    },
  });
