import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { TokenAccess } from '@raumregler/contract';
import type { Selectable } from 'kysely';
import type { Sql, Tx } from '../database/schema.js';
import type { AccessTokensTable } from './tables.js';
import './tables.js';
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

type Row = Selectable<AccessTokensTable> & { owner: string };

const toRecord = (row: Row): AccessTokenRecord => ({
  id: Number(row.id),
  userId: Number(row.user_id),
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

/**
 * The access tokens' store. Reads use the query builder the repository was made with, or the
 * commit's `tx` when given; writes take the commit's `tx` first.
 */
export function createAccessTokensRepository(sql: Sql) {
  const select = (db: Tx) =>
    db
      .selectFrom('access_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .selectAll('t')
      .select('u.username as owner');
  const one = async (query: Promise<Row | undefined>) => {
    const row = await query;
    return row ? toRecord(row) : null;
  };
  return {
    findByHash(tokenHash: string, db: Tx = sql): Promise<AccessTokenRecord | null> {
      return one(select(db).where('t.token_hash', '=', tokenHash).executeTakeFirst());
    },
    findById(id: number, db: Tx = sql): Promise<AccessTokenRecord | null> {
      return one(select(db).where('t.id', '=', id).executeTakeFirst());
    },
    /** Tokens not revoked, newest first: one owner's, or (no owner) everyone's. */
    async listActive(userId?: number, db: Tx = sql): Promise<AccessTokenRecord[]> {
      let query = select(db).where('t.revoked_at', 'is', null);
      if (userId !== undefined) query = query.where('t.user_id', '=', userId);
      const rows = await query.orderBy('t.id', 'desc').execute();
      return rows.map(toRecord);
    },
    /** Answers the new token's id. */
    async insert(
      tx: Tx,
      token: {
        userId: number;
        name: string;
        access: TokenAccess;
        expires: string | null;
        tokenHash: string;
        createdAt: number;
      },
    ): Promise<number> {
      const row = await tx
        .insertInto('access_tokens')
        .values({
          user_id: token.userId,
          name: token.name,
          access: token.access,
          expires: token.expires,
          token_hash: token.tokenHash,
          created_at: token.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    /** Whether it was revoked now (false: gone, or revoked before). */
    async revoke(tx: Tx, id: number, at: number): Promise<boolean> {
      const result = await tx
        .updateTable('access_tokens')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    /** Notes a use; answers whether it was the token's first. */
    async recordUse(tx: Tx, id: number, at: number): Promise<boolean> {
      const row = await tx
        .selectFrom('access_tokens')
        .select('last_used_at')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return false;
      await tx
        .updateTable('access_tokens')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .execute();
      return row.last_used_at === null;
    },
  };
}
export type AccessTokensRepository = ReturnType<typeof createAccessTokensRepository>;
