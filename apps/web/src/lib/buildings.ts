import type { BuildingSummary } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from './api-client';

export const BUILDINGS_PATH = '/buildings/';

export async function getBuildings(): Promise<BuildingSummary[]> {
  const answer = await apiGet<{ buildings?: unknown }>(BUILDINGS_PATH, OWN_SERVER);
  return Array.isArray(answer?.buildings) ? (answer.buildings as BuildingSummary[]) : [];
}

/**
 * `GET /api/buildings/` (issue 37): the buildings the user may read, with the overview's
 * figures. Shared by the Gebäude page and the user menu (which offers the page only to users
 * with more than one building).
 */
export const buildingsQueryOptions = () =>
  queryOptions({
    queryKey: ['buildings'],
    queryFn: getBuildings,
    staleTime: 15_000,
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
    // A server without the endpoint (an older one, a forwarding host) answers the same again.
    retry: false,
  });

/** Whether the signed-in user has more than one building (false until known). */
export function useManyBuildings(signedIn: boolean): boolean {
  const query = useQuery({
    ...buildingsQueryOptions(),
    enabled: signedIn,
    // The menu only needs the count: no polling for it.
    refetchInterval: false,
    staleTime: 5 * 60_000,
  });
  return (query.data?.length ?? 0) > 1;
}
