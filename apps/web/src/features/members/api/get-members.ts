import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { MEMBERS_PATH, type Member } from './member-types';

export async function getMembers(): Promise<Member[]> {
  const answer = await apiGet<{ members?: unknown }>(MEMBERS_PATH, OWN_SERVER);
  return Array.isArray(answer?.members) ? (answer.members as Member[]) : [];
}

/** `GET /api/members/`: every user of the building (building-wide managers only, else 403). */
export const membersQueryOptions = () =>
  queryOptions({
    queryKey: ['members'],
    queryFn: getMembers,
    staleTime: 30_000,
    // A refusal (403) or a server without the members API (404) answers the same again.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || status >= 500) && failures < 3;
    },
  });
