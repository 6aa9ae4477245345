import { apiDelete, type RequestConfig } from '@/lib/api-client';
import { memberOf, memberPath } from './member-types';
import { useMemberWrite } from './use-member-write';

/** `DELETE /api/members/{username}/` (Basic): the member's next request is refused. */
export const removeMember = async (username: string, config: RequestConfig) =>
  memberOf((await apiDelete(memberPath(username), config)).data);

export const useRemoveMember = () => useMemberWrite(removeMember);
