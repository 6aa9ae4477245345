import { MEMBERS_PATH, type Member } from '@raumregler/contract';

export type { Member };
export { MEMBERS_PATH };

/** Our own endpoint (under `/api` of the server that served the app), one member's. */
export const memberPath = (username: string) => `${MEMBERS_PATH}${encodeURIComponent(username)}/`;

/** What the form edits: a member without the server's own field. */
export type MemberInput = Omit<Member, 'last_sign_in'>;

/**
 * The form fields of `POST /api/members/` and `PATCH /api/members/{username}/`: the member's names,
 * ids comma-separated (empty = the whole building), an open validity day empty.
 */
export const memberFields = (input: MemberInput): Record<string, string> => ({
  username: input.username,
  email: input.email,
  language: input.language,
  access_to_smart: input.access_to_smart,
  access_to_pro: input.access_to_pro,
  floors: input.floors.join(','),
  rooms: input.rooms.join(','),
  valid_from: input.valid_from ?? '',
  valid_until: input.valid_until ?? '',
});

/** A member of an answer `{"member": …}`. */
export const memberOf = (answer: unknown): Member | null => {
  const member = (answer as { member?: unknown } | null)?.member;
  return member && typeof member === 'object' ? (member as Member) : null;
};
