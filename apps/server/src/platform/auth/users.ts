import type { Access } from '@raumregler/contract';
import type { Selectable } from 'kysely';
import type { Sql, Tx } from '../database/schema.js';
import type { HouseAccessTable, UsersTable } from './tables.js';
import './tables.js';

/** A user's access in one building (issue 37): levels, scope and validity. */
export interface HouseAccess {
  accessSmart: Access;
  accessPro: Access;
  /** Their scope (issue 34): floor and room ids, the union; both empty = the whole building. */
  floors: number[];
  rooms: number[];
  /** Their validity: first and last day, `YYYY-MM-DD` device-local, both included; null = open. */
  validFrom: string | null;
  validUntil: string | null;
}

/** No access: a building the user holds none in. */
export const NO_ACCESS: HouseAccess = Object.freeze({
  accessSmart: 'no-access',
  accessPro: 'no-access',
  floors: [],
  rooms: [],
  validFrom: null,
  validUntil: null,
}) as HouseAccess;

/**
 * An account with its access in one building (`houseId`; `member`: whether it holds any there),
 * and its access in every building it has (`houses`).
 */
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
  /** The building the access fields above are of. */
  houseId: number;
  /** Whether the user holds access in that building (a row); without, it answers 404. */
  member: boolean;
  /** The user's access in each building they hold any in. */
  houses: ReadonlyMap<number, HouseAccess>;
}

type UserRow = Selectable<UsersTable>;
/** The columns of an access row a write sets. */
interface AccessFields {
  access_smart?: Access;
  access_pro?: Access;
  scope_floors?: string;
  scope_rooms?: string;
  valid_from?: string | null;
  valid_until?: string | null;
}
type AccessRow = Selectable<HouseAccessTable>;

const toAccess = (row: AccessRow): HouseAccess => ({
  accessSmart: row.access_smart,
  accessPro: row.access_pro,
  floors: parseIdList(row.scope_floors),
  rooms: parseIdList(row.scope_rooms),
  validFrom: row.valid_from,
  validUntil: row.valid_until,
});

const inHouseMemo = new WeakMap<UserRecord, Map<number, UserRecord>>();

/**
 * The user with their access in another building: what `request.user` is in the request's
 * building. The same object for the same user record and building (cached sign-ins pass it on
 * every poll without allocating).
 */
export function inHouse(user: UserRecord, houseId: number): UserRecord {
  if (user.houseId === houseId) return user;
  let byHouse = inHouseMemo.get(user);
  if (!byHouse) inHouseMemo.set(user, (byHouse = new Map()));
  let there = byHouse.get(houseId);
  if (!there) {
    const access = user.houses.get(houseId);
    there = { ...user, ...(access ?? NO_ACCESS), houseId, member: access !== undefined };
    byHouse.set(houseId, there);
  }
  return there;
}

/** A stored id list ("1,2"; "" = none). */
export const parseIdList = (text: string): number[] =>
  text === '' ? [] : text.split(',').map(Number);

const toRecord = (
  row: UserRow,
  houses: ReadonlyMap<number, HouseAccess>,
  houseId: number,
): UserRecord => {
  const access = houses.get(houseId);
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    ...(access ?? NO_ACCESS),
    disabledAt: row.disabled_at,
    language: row.language === 'en' ? 'en' : 'de',
    houseId,
    member: access !== undefined,
    houses,
  };
};

/**
 * Whether an account may sign in: it exists and is not disabled (issue 31). A disabled user is
 * answered like a wrong password, and a cached sign-in of one ends at its next re-check.
 */
export function maySignIn(user: UserRecord | null): user is UserRecord {
  return user !== null && user.disabledAt === null;
}

export type NewUser = Pick<
  UserRecord,
  'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'accessSmart' | 'accessPro'
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
export function createUsersRepository(sql: Sql, houseId: number) {
  const users = (db: Tx) => db.selectFrom('users').selectAll();
  /** The rows as records, each with its access in every building (one more query). */
  const records = async (db: Tx, rows: UserRow[]): Promise<UserRecord[]> => {
    if (rows.length === 0) return [];
    const access = await db
      .selectFrom('house_access')
      .selectAll()
      .where(
        'user_id',
        'in',
        rows.map((row) => Number(row.id)),
      )
      .execute();
    const byUser = new Map<number, Map<number, HouseAccess>>();
    for (const row of access) {
      let houses = byUser.get(Number(row.user_id));
      if (!houses) byUser.set(Number(row.user_id), (houses = new Map()));
      houses.set(Number(row.house_id), toAccess(row));
    }
    return rows.map((row) => toRecord(row, byUser.get(Number(row.id)) ?? new Map(), houseId));
  };
  const one = async (db: Tx, query: Promise<UserRow | undefined>) => {
    const row = await query;
    return row ? ((await records(db, [row]))[0] ?? null) : null;
  };
  /** Writes the access row of the user in this building (made when missing). */
  const putAccess = async (tx: Tx, userId: number, fields: AccessFields) => {
    await tx
      .insertInto('house_access')
      .values({ user_id: userId, house_id: houseId, ...fields })
      .onConflict((conflict) =>
        Object.keys(fields).length === 0
          ? conflict.columns(['user_id', 'house_id']).doNothing()
          : conflict.columns(['user_id', 'house_id']).doUpdateSet(fields),
      )
      .execute();
  };
  const ids = (list: readonly number[]) => [...new Set(list)].sort((a, b) => a - b).join(',');
  return {
    /** The building whose access the records carry (`accessSmart` … `member`). */
    houseId,
    /** The user of this name, whatever the ASCII case it is written in. */
    findByUsername(username: string, db: Tx = sql): Promise<UserRecord | null> {
      return one(
        db,
        users(db)
          .where((eb) => eb(eb.fn('lower', ['username']), '=', canonicalName(username)))
          .executeTakeFirst(),
      );
    },
    /** The user of this e-mail address, whatever the ASCII case it is written in. */
    findByEmail(email: string, db: Tx = sql): Promise<UserRecord | null> {
      return one(
        db,
        users(db)
          .where((eb) => eb(eb.fn('lower', ['email']), '=', canonicalName(email)))
          .executeTakeFirst(),
      );
    },
    findById(id: number, db: Tx = sql): Promise<UserRecord | null> {
      return one(db, users(db).where('id', '=', id).executeTakeFirst());
    },
    /** The building's members (users with access there), by username (ASCII case folded). */
    async list(db: Tx = sql): Promise<UserRecord[]> {
      const rows = await users(db)
        .where('id', 'in', (eb) =>
          eb.selectFrom('house_access').select('user_id').where('house_id', '=', houseId),
        )
        .orderBy((eb) => eb.fn('lower', ['username']))
        .orderBy('id')
        .execute();
      return records(db, rows);
    },
    /**
     * A new account with its access in this building. `now` (the app's clock) is stored as the
     * creation time. Answers the new id.
     */
    async insert(tx: Tx, user: NewUser, now: number): Promise<number> {
      const row = await tx
        .insertInto('users')
        .values({
          username: user.username,
          email: user.email,
          password_hash: user.passwordHash,
          first_name: user.firstName,
          last_name: user.lastName,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(row.id);
      await putAccess(tx, id, { access_smart: user.accessSmart, access_pro: user.accessPro });
      return id;
    },
    /** Takes the user's access in this building away (the account stays). */
    async leave(tx: Tx, id: number): Promise<void> {
      await tx
        .deleteFrom('house_access')
        .where('user_id', '=', id)
        .where('house_id', '=', houseId)
        .execute();
    },
    /** Gives an existing account access in this building (none yet: no-access, whole building). */
    async join(tx: Tx, id: number): Promise<void> {
      await putAccess(tx, id, {});
    },
    /** Floors and rooms (the union) in this building; both empty = the whole building. */
    async setScope(
      tx: Tx,
      id: number,
      floors: readonly number[],
      rooms: readonly number[],
    ): Promise<void> {
      await putAccess(tx, id, { scope_floors: ids(floors), scope_rooms: ids(rooms) });
    },
    /** First and last day (`YYYY-MM-DD`) in this building, null = open. */
    async setValidity(
      tx: Tx,
      id: number,
      from: string | null,
      until: string | null,
    ): Promise<void> {
      await putAccess(tx, id, { valid_from: from, valid_until: until });
    },
    async setPasswordHash(tx: Tx, id: number, passwordHash: string): Promise<void> {
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', id)
        .execute();
    },
    /** The access levels in this building. */
    async setAccess(tx: Tx, id: number, smart: Access, pro: Access): Promise<void> {
      await putAccess(tx, id, { access_smart: smart, access_pro: pro });
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
