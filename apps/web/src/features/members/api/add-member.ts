import { apiPost, type RequestConfig } from '@/lib/api-client';
import { MEMBERS_PATH, memberFields, memberOf, type MemberInput } from './member-types';
import { useMemberWrite } from './use-member-write';

/** `POST /api/members/`: adds the member and mails the invitation; answers 201 `{"member":…}`. */
export const addMember = async (input: MemberInput, config: RequestConfig) =>
  memberOf((await apiPost(MEMBERS_PATH, memberFields(input), config)).data);

export const useAddMember = () => useMemberWrite(addMember);
