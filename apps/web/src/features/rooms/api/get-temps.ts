import { deviceApiPaths, type Floor } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';

export const getTemps = () => apiGet<Floor[]>(deviceApiPaths.temps());

/**
 * A 403 (a user with no access in both areas) is an answer, not a lost connection: asking again
 * would not change it, so it is not retried (the layout shows the no-access page instead).
 */
export const tempsQueryOptions = () =>
  queryOptions({
    queryKey: ['temps'],
    queryFn: getTemps,
    retry: (failures: number, error: Error) => (error as ApiError).status !== 403 && failures < 3,
  });
