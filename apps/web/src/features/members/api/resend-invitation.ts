import { apiPost, type RequestConfig } from '@/lib/api-client';
import { memberOf, memberPath } from './member-types';
import { useMemberWrite } from './use-member-write';

/** `POST /api/members/{username}/invite`: the invitation mail again, with a new link. */
export const resendInvitation = async (username: string, config: RequestConfig) =>
  memberOf((await apiPost(`${memberPath(username)}invite`, {}, config)).data);

export const useResendInvitation = () => useMemberWrite(resendInvitation);
