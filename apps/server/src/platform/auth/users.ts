import type { Access } from '@raumregler/contract';
import type { Selectable } from 'kysely';
import type { Sql, Tx } from '../database/schema.js';
import type { UsersTable } from './tables.js';
import './tables.js';

export interface UserRecord {
  id: number;
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  accessSmart: Access;
  accessPro: Access;
  /** When the account was disabled (epoch ms); null while it may sign in. */
  disabledAt: number | null;
  /** The user's language: their alarm mails, and the building export's default (issue 32). */
  language: 'de' | 'en';
  /** Their scope (issue 34): floor and room ids, the union; both empty = the whole building. */
  floors: number[];
  rooms: number[];
  /** Their validity: first and last day, `YYYY-MM-DD` device-local, both included; null = open. */
  validFrom: string | null;
  validUntil: string | null;
}

type UserRow = Selectable<UsersTable>;

/** A stored id list ("1,2"; "" = none). */
export const parseIdList = (text: string): number[] =>
  text === '' ? [] : text.split(',').map(Number);

const toRecord = (row: UserRow): UserRecord => ({
  id: Number(row.id),
  username: row.username,
  email: row.email,
  passwordHash: row.password_hash,
  firstName: row.first_name,
  lastName: row.last_name,
  accessSmart: row.access_smart,
  accessPro: row.access_pro,
  disabledAt: row.disabled_at,
  language: row.language === 'en' ? 'en' : 'de',
  floors: parseIdList(row.scope_floors),
  rooms: parseIdList(row.scope_rooms),
  validFrom: row.valid_from,
  validUntil: row.valid_until,
});

/**
 * Whether an account may sign in: it exists and is not disabled (issue 31). A disabled user is
 * answered like a wrong password, and a cached sign-in of one ends at its next re-check.
 */
export function maySignIn(user: UserRecord | null): user is UserRecord {
  return user !== null && user.disabledAt === null;
}

export type NewUser = Omit<
  UserRecord,
  'id' | 'disabledAt' | 'language' | 'floors' | 'rooms' | 'validFrom' | 'validUntil'
>;

/**
 * A username or e-mail as the users table compares it: the ASCII letters A–Z folded and nothing
 * else, as SQLite's `lower()` and `COLLATE NOCASE` do and PostgreSQL's `lower()` does on these
 * `COLLATE "C"` columns. So `DeMo` is the account `demo` while `Ärger` and `ärger` are two names.
 * Queries compare `lower(column) = canonicalName(x)` (never `lower()` of the parameter), and the
 * sign-in cache and the failure counts use it, so every spelling the database treats as one
 * account is one identity there too.
 */
export const canonicalName = (name: string) => name.replace(/[A-Z]+/g, (s) => s.toLowerCase());

/** Whether a write failed on a unique constraint (a name or address taken meanwhile). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const code = String(error.code);
  // SQLite (better-sqlite3): SQLITE_CONSTRAINT_UNIQUE; PostgreSQL: unique_violation.
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * The users' store. Reads use the query builder the repository was made with, or the commit's
 * `tx` when given (a read inside a commit must run on its transaction); writes take the commit's
 * `tx` first.
 */
export function createUsersRepository(sql: Sql) {
  const users = (db: Tx) => db.selectFrom('users').selectAll();
  const one = async (query: Promise<UserRow | undefined>) => {
    const row = await query;
    return row ? toRecord(row) : null;
  };
  return {
    /** The user of this name, whatever the ASCII case it is written in. */
    findByUsername(username: string, db: Tx = sql): Promise<UserRecord | null> {
      return one(
        users(db)
          .where((eb) => eb(eb.fn('lower', ['username']), '=', canonicalName(username)))
          .executeTakeFirst(),
      );
    },
    /** The user of this e-mail address, whatever the ASCII case it is written in. */
    findByEmail(email: string, db: Tx = sql): Promise<UserRecord | null> {
      return one(
        users(db)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', canonicalName(email)))
          .executeTakeFirst(),
      );
    },
    findById(id: number, db: Tx = sql): Promise<UserRecord | null> {
      return one(users(db).where('id', '=', id).executeTakeFirst());
    },
    /** Every user, by username (ASCII case folded). */
    async list(db: Tx = sql): Promise<UserRecord[]> {
      const rows = await users(db)
        .orderBy((eb) => eb.fn('lower', ['username']))
        .orderBy('id')
        .execute();
      return rows.map(toRecord);
    },
    /** `now` (the app's clock) is stored as the creation time. Answers the new id. */
    async insert(tx: Tx, user: NewUser, now: number): Promise<number> {
      const row = await tx
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          access_smart: user.accessSmart,
          access_pro: user.accessPro,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async setPasswordHash(tx: Tx, id: number, passwordHash: string): Promise<void> {
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },
    async setAccess(tx: Tx, id: number, smart: Access, pro: Access): Promise<void> {
      await tx
        .updateTable('users')
        .set({ access_smart: smart, access_pro: pro })
        .where('id', '=', id)
        .execute();
    },
    /** Disables the account from `at` (epoch ms), or enables it again with null. */
    async setDisabled(tx: Tx, id: number, at: number | null): Promise<void> {
      await tx.updateTable('users').set({ disabled_at: at }).where('id', '=', id).execute();
    },
    /** Deletes the account; its reset and access tokens go with it (ON DELETE CASCADE). */
    async remove(tx: Tx, id: number): Promise<void> {
      await tx.deleteFrom('users').where('id', '=', id).execute();
    },
    async setEmail(tx: Tx, id: number, email: string): Promise<void> {
      await tx.updateTable('users').set({ email }).where('id', '=', id).execute();
    },
    /** Notes a successful sign-in (epoch ms); the auth plugin writes it at most once a minute. */
    async recordSignIn(tx: Tx, id: number, at: number): Promise<void> {
      await tx.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
    },
    /** Each user's last sign-in (epoch ms), by id; absent or null = never. */
    async lastSignIns(db: Tx = sql): Promise<Map<number, number | null>> {
      const rows = await db.selectFrom('users').select(['id', 'last_sign_in_at']).execute();
      return new Map(rows.map((row) => [Number(row.id), row.last_sign_in_at]));
    },
    /** The language of the user's mails (`de` or `en`). */
    async setLanguage(tx: Tx, id: number, language: 'de' | 'en'): Promise<void> {
      await tx.updateTable('users').set({ language }).where('id', '=', id).execute();
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
