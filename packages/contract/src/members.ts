import type { Access } from './device.js';

/**
 * Ours (issue 34): the members API under `/api` (device-api.md "Members"), for building-wide
 * managers only (`manage` without a scope, valid today).
 */
export const MEMBERS_PATH = '/members/';

/** One member as the members API answers it. */
export interface Member {
  username: string;
  email: string;
  language: 'de' | 'en';
  access_to_smart: Access;
  access_to_pro: Access;
  /** Floor and room ids of the scope (the union); both empty = the whole building. */
  floors: number[];
  rooms: number[];
  /** First and last day, `YYYY-MM-DD` device-local, both included; null = open. */
  valid_from: string | null;
  valid_until: string | null;
  /** The last successful sign-in (offset ISO time, at most a minute late), null = never. */
  last_sign_in: string | null;
}

export interface MembersResponse {
  members: Member[];
}
export interface MemberResponse {
  member: Member;
}

/**
 * The form fields of `POST /api/members/` and `PATCH /api/members/{username}/` (besides
 * `user`/`password`): `floors`/`rooms` comma-separated ids (empty = the whole building),
 * `valid_from`/`valid_until` `YYYY-MM-DD` (empty = none). PATCH changes only the fields sent.
 */
export type MemberPayload = {
  [
    K in Exclude<keyof Member, 'last_sign_in' | 'floors' | 'rooms' | 'valid_from' | 'valid_until'>
  ]?: string;
} & { floors?: string; rooms?: string; valid_from?: string; valid_until?: string };

/** How long an invitation link works (a reset link: 60 minutes). */
export const INVITATION_VALID_DAYS = 7;

/** Longest username (as the CLI's `user add`). */
export const USERNAME_MAX = 50;
