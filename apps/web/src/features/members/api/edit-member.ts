import { apiPatch, type RequestConfig } from '@/lib/api-client';
import { memberFields, memberOf, memberPath, type MemberInput } from './member-types';
import { useMemberWrite } from './use-member-write';

/**
 * `PATCH /api/members/{username}/`: the form's fields replace the member's; 200 `{"member":…}`.
 * The name is the address, never a field: a member keeps their name.
 */
export async function editMember(
  { username, input }: { username: string; input: MemberInput },
  config: RequestConfig,
) {
  const fields: Record<string, string> = memberFields(input);
  delete fields.username;
  return memberOf((await apiPatch(memberPath(username), fields, config)).data);
}

export const useEditMember = () => useMemberWrite(editMember);
