import type { Sql, Tx } from '../../platform/database/schema.js';
import './tables.js';

export interface ResetTokenRecord {
  id: number;
  userId: number;
  expiresAt: number;
  usedAt: number | null;
  /** `reset` (a forgotten password, 60 minutes) or `invitation` (a new member, 7 days). */
  kind: TokenKind;
}
export type TokenKind = 'reset' | 'invitation';

/** Old tokens are of no use to anyone; they go when a new one is made. */
const PURGE_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Password-reset tokens. Only the SHA-256 of a token is stored: a leaked database does not hand
 * out working reset links. Writes take the commit's `tx` first.
 */
export function createResetTokensRepository(sql: Sql) {
  return {
    async create(
      tx: Tx,
      userId: number,
      tokenHash: string,
      expiresAt: number,
      now: number,
      kind: TokenKind = 'reset',
    ): Promise<void> {
      await tx
        .deleteFrom('password_reset_tokens')
        .where('expires_at', '<', now - PURGE_AFTER_MS)
        .execute();
      await tx
        .insertInto('password_reset_tokens')
        .values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt, kind })
        .execute();
    },
    /** Voids the user's open tokens of this kind (a new invitation replaces the older ones). */
    async voidAll(tx: Tx, userId: number, kind: TokenKind, now: number): Promise<void> {
      await tx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('used_at', 'is', null)
        .execute();
    },
    async findByHash(tokenHash: string, db: Tx = sql): Promise<ResetTokenRecord | null> {
      const row = await db
        .selectFrom('password_reset_tokens')
        .select(['id', 'user_id', 'expires_at', 'used_at', 'kind'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row
        ? {
            id: Number(row.id),
            userId: Number(row.user_id),
            expiresAt: row.expires_at,
            usedAt: row.used_at,
            kind: row.kind === 'invitation' ? 'invitation' : 'reset',
          }
        : null;
    },
    /**
     * Uses the token and sets the new password on the commit's transaction; every other open
     * token of the user stops working too. False when the token was used meanwhile (two tabs,
     * one link): then nothing is written.
     */
    async redeem(
      tx: Tx,
      tokenId: number,
      userId: number,
      passwordHash: string,
      now: number,
    ): Promise<boolean> {
      const used = await tx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('id', '=', tokenId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (used.numUpdatedRows !== 1n) return false;
      await tx
        .updateTable('users')
        .set({ password_hash: passwordHash })
        .where('id', '=', userId)
        .execute();
      await tx
        .updateTable('password_reset_tokens')
        .set({ used_at: now })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
      return true;
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
