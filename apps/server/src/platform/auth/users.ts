import type { Access } from '@raumregler/contract';
import type { Database } from 'better-sqlite3';

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

interface UserRow {
  id: number;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  access_smart: Access;
  access_pro: Access;
  disabled_at: number | null;
  language: string;
  scope_floors: string;
  scope_rooms: string;
  valid_from: string | null;
  valid_until: string | null;
}

/** A stored id list ("1,2"; "" = none). */
export const parseIdList = (text: string): number[] =>
  text === '' ? [] : text.split(',').map(Number);

const toRecord = (row: UserRow): UserRecord => ({
  id: row.id,
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

export function createUsersRepository(db: Database) {
  const byUsername = db.prepare<[string], UserRow>('SELECT * FROM users WHERE username = ?');
  const byEmail = db.prepare<[string], UserRow>('SELECT * FROM users WHERE email = ?');
  const byId = db.prepare<[number], UserRow>('SELECT * FROM users WHERE id = ?');
  const insert = db.prepare(
    `INSERT INTO users (username, email, password_hash, first_name, last_name, access_smart, access_pro, created_at)
     VALUES (@username, @email, @passwordHash, @firstName, @lastName, @accessSmart, @accessPro, @createdAt)`,
  );
  const updatePassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');
  const updateAccess = db.prepare('UPDATE users SET access_smart = ?, access_pro = ? WHERE id = ?');
  const updateLanguage = db.prepare('UPDATE users SET language = ? WHERE id = ?');
  const updateDisabled = db.prepare('UPDATE users SET disabled_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM users WHERE id = ?');
  const updateEmail = db.prepare('UPDATE users SET email = ? WHERE id = ?');
  const updateSignIn = db.prepare('UPDATE users SET last_sign_in_at = ? WHERE id = ?');
  const signIns = db.prepare<[], { id: number; last_sign_in_at: number | null }>(
    'SELECT id, last_sign_in_at FROM users',
  );
  const all = db.prepare<[], UserRow>('SELECT * FROM users ORDER BY username');
  return {
    findByUsername(username: string): UserRecord | null {
      const row = byUsername.get(username);
      return row ? toRecord(row) : null;
    },
    findByEmail(email: string): UserRecord | null {
      const row = byEmail.get(email);
      return row ? toRecord(row) : null;
    },
    findById(id: number): UserRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    /** Every user, by username. */
    list(): UserRecord[] {
      return all.all().map(toRecord);
    },
    /** `now` (the app's clock) is stored as the creation time. */
    insert(user: NewUser, now: number): number {
      return Number(insert.run({ ...user, createdAt: now }).lastInsertRowid);
    },
    setPasswordHash(id: number, passwordHash: string) {
      updatePassword.run(passwordHash, id);
    },
    setAccess(id: number, smart: Access, pro: Access) {
      updateAccess.run(smart, pro, id);
    },
    /** Disables the account from `at` (epoch ms), or enables it again with null. */
    setDisabled(id: number, at: number | null) {
      updateDisabled.run(at, id);
    },
    /** Deletes the account; its reset tokens go with it (foreign key, ON DELETE CASCADE). */
    remove(id: number) {
      remove.run(id);
    },
    setEmail(id: number, email: string) {
      updateEmail.run(email, id);
    },
    /** Notes a successful sign-in (epoch ms); the auth plugin writes it at most once a minute. */
    recordSignIn(id: number, at: number) {
      updateSignIn.run(at, id);
    },
    /** Each user's last sign-in (epoch ms), by id; absent or null = never. */
    lastSignIns(): Map<number, number | null> {
      return new Map(signIns.all().map((row) => [row.id, row.last_sign_in_at]));
    },
    /** The language of the user's mails (`de` or `en`). */
    setLanguage(id: number, language: 'de' | 'en') {
      updateLanguage.run(language, id);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
