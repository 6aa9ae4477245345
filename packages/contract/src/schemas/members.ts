/**
 * The members API's wire shapes (issue 34, `/api/members/…`), set as its routes' response
 * schemas. `../members.ts` keeps the types; the assertion below holds both equal.
 */
import Type, { type Static } from 'typebox';
import type { Member } from '../members.js';
import { Nullable } from './device.js';

const AccessSchema = Type.Union([
  Type.Literal('no-access'),
  Type.Literal('read'),
  Type.Literal('full'),
  Type.Literal('permanent'),
]);

export const MemberSchema = Type.Object({
  username: Type.String(),
  email: Type.String(),
  language: Type.Union([Type.Literal('de'), Type.Literal('en')]),
  access_to_smart: AccessSchema,
  access_to_pro: AccessSchema,
  /** Floor and room ids of the scope (the union); both empty = the whole building. */
  floors: Type.Array(Type.Integer()),
  rooms: Type.Array(Type.Integer()),
  /** First and last day, `YYYY-MM-DD` device-local, both included; null = open. */
  valid_from: Nullable(Type.String()),
  valid_until: Nullable(Type.String()),
  /** The last successful sign-in (offset ISO time, at most a minute late), null = never. */
  last_sign_in: Nullable(Type.String()),
});

export const MembersResponseSchema = Type.Object({ members: Type.Array(MemberSchema) });
export const MemberResponseSchema = Type.Object({ member: MemberSchema });

/** Compile-time check: the schema and the contract's `Member` type are the same shape. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const memberShapesAgree: Same<Static<typeof MemberSchema>, Member> = true;
void memberShapesAgree;
