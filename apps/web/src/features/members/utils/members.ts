import type { Member } from '../api/member-types';

/** Lower case without accents, so "muller" finds "Müller". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/** The members whose name or address holds the search (accents and case ignored). */
export function filterMembers(members: readonly Member[], query: string): readonly Member[] {
  const needle = fold(query.trim());
  if (needle === '') return members;
  return members.filter(
    (member) => fold(member.username).includes(needle) || fold(member.email ?? '').includes(needle),
  );
}

/** Where a day stands to the validity: before it, within it (or none), or after it. */
export type ValidityState = 'always' | 'valid' | 'notYet' | 'expired';

/** `today` as `YYYY-MM-DD` (the browser's day: the building's, where its managers are). */
export const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function validityState(
  member: Pick<Member, 'valid_from' | 'valid_until'>,
  today: string,
): ValidityState {
  if (!member.valid_from && !member.valid_until) return 'always';
  if (member.valid_from && today < member.valid_from) return 'notYet';
  if (member.valid_until && today > member.valid_until) return 'expired';
  return 'valid';
}

/** A `YYYY-MM-DD` day as a local date (noon: no time zone moves it to another day). */
export const dateOfDay = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!, 12);
};

/** The access levels a member may have, most first (the server takes exactly these). */
export const ACCESS_CHOICES = ['full', 'permanent', 'read', 'no-access'] as const;

/** The languages of the invitation and the app. */
export const LANGUAGE_CHOICES = ['de', 'en'] as const;

/** The username rule of the server: 3–50 characters (the sign-in form's), no spaces, colon or slash. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export function usernameProblem(value: string): string | null {
  if (value.trim() === '') return 'members.form.error.usernameRequired';
  if (value.length < USERNAME_MIN) return 'members.form.error.usernameMin';
  if (value.length > USERNAME_MAX) return 'members.form.error.usernameMax';
  if (/[\s:/]/.test(value)) return 'members.form.error.usernameFormat';
  return null;
}
