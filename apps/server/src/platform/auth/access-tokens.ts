import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenAccess } from '@raumregler/contract';
import type { Database } from 'better-sqlite3';
import type { UserRecord } from './users.js';

/** Every secret starts with this, then 43 base64url characters (32 random bytes). */
export const SECRET_PATTERN = /^rr_[A-Za-z0-9_-]{43}$/;

/** A new secret: `rr_` and 32 random bytes as base64url (256 bits: nothing to guess). */
export const newTokenSecret = () => `rr_${randomBytes(32).toString('base64url')}`;

/**
 * The keyed hash of a secret, the only form a token is stored in: HMAC-SHA-256 with a key kept
 * outside the database (decision 0080). A fast hash suits random secrets (no slow hash per poll),
 * and the key means neither a stolen database nor one written to can make a usable token.
 */
export const tokenHasher = (key: Buffer) => (secret: string) =>
  createHmac('sha256', key).update(secret).digest('hex');

/** Two hex digests compared in constant time (equal lengths: both are SHA-256). */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `Bearer …` of an Authorization header: the secret as sent, or null for any other scheme. */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  // A bare `Bearer` (a script's empty variable) is a token too, and fails like a wrong one.
  const match = /^Bearer(?:\s+(\S*))?\s*$/i.exec(header);
  return match ? (match[1] ?? '') : null;
}

/**
 * The owner as a token request acts: their rights (access per area, scope, validity) limited to
 * the token's access. The one place tokens are clamped (decision 0080): a read token reads
 * wherever the owner may (every area the owner sees becomes `read`); a write token reads and
 * writes wherever the owner may, but never manages (`full` becomes `permanent`).
 */
export function tokenUser(owner: UserRecord, access: TokenAccess): UserRecord {
  const limit =
    access === 'read'
      ? (area: UserRecord['accessSmart']) => (area === 'no-access' ? area : 'read')
      : (area: UserRecord['accessSmart']) => (area === 'full' ? 'permanent' : area);
  return { ...owner, accessSmart: limit(owner.accessSmart), accessPro: limit(owner.accessPro) };
}

export interface AccessTokenRecord {
  id: number;
  userId: number;
  /** The owner's username (joined). */
  owner: string;
  name: string;
  access: TokenAccess;
  /** Last day it works, `YYYY-MM-DD` device-local; null = never ends. */
  expires: string | null;
  tokenHash: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface Row {
  id: number;
  user_id: number;
  owner: string;
  name: string;
  access: TokenAccess;
  expires: string | null;
  token_hash: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

const toRecord = (row: Row): AccessTokenRecord => ({
  id: row.id,
  userId: row.user_id,
  owner: row.owner,
  name: row.name,
  access: row.access,
  expires: row.expires,
  tokenHash: row.token_hash,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
});

/** Whether a token works on `today` (device-local `YYYY-MM-DD`): not revoked, not past its day. */
export const tokenValid = (token: AccessTokenRecord, today: string) =>
  token.revokedAt === null && (token.expires === null || today <= token.expires);

export function createAccessTokensRepository(db: Database) {
  const select = `SELECT t.*, u.username AS owner FROM access_tokens t JOIN users u ON u.id = t.user_id`;
  const byHash = db.prepare<[string], Row>(`${select} WHERE t.token_hash = ?`);
  const byId = db.prepare<[number], Row>(`${select} WHERE t.id = ?`);
  const active = db.prepare<[], Row>(`${select} WHERE t.revoked_at IS NULL ORDER BY t.id DESC`);
  const activeOf = db.prepare<[number], Row>(
    `${select} WHERE t.revoked_at IS NULL AND t.user_id = ? ORDER BY t.id DESC`,
  );
  const insert = db.prepare(
    `INSERT INTO access_tokens (user_id, name, access, expires, token_hash, created_at)
     VALUES (@userId, @name, @access, @expires, @tokenHash, @createdAt)`,
  );
  const revoke = db.prepare(
    'UPDATE access_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL',
  );
  const lastUse = db.prepare<[number], { last_used_at: number | null }>(
    'SELECT last_used_at FROM access_tokens WHERE id = ?',
  );
  const use = db.prepare('UPDATE access_tokens SET last_used_at = ? WHERE id = ?');
  return {
    findByHash(tokenHash: string): AccessTokenRecord | null {
      const row = byHash.get(tokenHash);
      return row ? toRecord(row) : null;
    },
    findById(id: number): AccessTokenRecord | null {
      const row = byId.get(id);
      return row ? toRecord(row) : null;
    },
    /** Tokens not revoked, newest first: one owner's, or (no owner) everyone's. */
    listActive(userId?: number): AccessTokenRecord[] {
      return (userId === undefined ? active.all() : activeOf.all(userId)).map(toRecord);
    },
    /** Call inside a commit. Answers the new token's id. */
    insert(token: {
      userId: number;
      name: string;
      access: TokenAccess;
      expires: string | null;
      tokenHash: string;
      createdAt: number;
    }): number {
      return Number(insert.run(token).lastInsertRowid);
    },
    /** Call inside a commit. Whether it was revoked now (false: gone, or revoked before). */
    revoke(id: number, at: number): boolean {
      return revoke.run(at, id).changes > 0;
    },
    /** Call inside a commit. Notes a use; answers whether it was the token's first. */
    recordUse(id: number, at: number): boolean {
      const row = lastUse.get(id);
      if (!row) return false;
      use.run(at, id);
      return row.last_used_at === null;
    },
  };
}
export type AccessTokensRepository = ReturnType<typeof createAccessTokensRepository>;
