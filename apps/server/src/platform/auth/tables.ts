import type { Access, TokenAccess } from '@raumregler/contract';
import type { Generated } from 'kysely';

/**
 * The users table (SQLite migrations 001, 007, 011, 013, 020), for the query builder. `username` and
 * `email` are unique regardless of ASCII case: compared as `lower(column) = canonicalName(x)`
 * (SQLite: unique expression indexes of migration 017 beside COLLATE NOCASE; PostgreSQL: the
 * unique indexes on lower() of 001-initial.sql).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  created_at: number;
  language: Generated<string>;
  disabled_at: number | null;
  last_sign_in_at: number | null;
}

/** A user's access in one building (migration 020); no row = no access there. */
export interface HouseAccessTable {
  user_id: number;
  house_id: number;
  access_smart: Generated<Access>;
  access_pro: Generated<Access>;
  /** Id lists ("1,2"; "" = none). */
  scope_floors: Generated<string>;
  scope_rooms: Generated<string>;
  valid_from: string | null;
  valid_until: string | null;
}

/** Access tokens (migration 014): only the keyed hash of a secret is stored. */
export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  access: TokenAccess;
  expires: string | null;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/**
 * Failed sign-ins per limit and client (migration 018), shared by all nodes: `key` is a keyed
 * hash, never a name or address in clear (failure-counts.ts).
 */
export interface SignInFailuresTable {
  key: string;
  window_start: number;
  failures: number;
}

declare module '../database/schema.js' {
  interface Schema {
    users: UsersTable;
    house_access: HouseAccessTable;
    access_tokens: AccessTokensTable;
    sign_in_failures: SignInFailuresTable;
  }
}
