import type { Database } from 'better-sqlite3';

export interface ResetTokenRecord {
  id: number;
  userId: number;
  expiresAt: number;
  usedAt: number | null;
  /** `reset` (a forgotten password, 60 minutes) or `invitation` (a new member, 7 days). */
  kind: TokenKind;
}
export type TokenKind = 'reset' | 'invitation';

interface ResetTokenRow {
  id: number;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  kind: string;
}

/**
 * Password-reset tokens. Only the SHA-256 of a token is stored: a leaked database does not hand
 * out working reset links.
 */
export function createResetTokensRepository(db: Database) {
  const insert = db.prepare(
    'INSERT INTO password_reset_tokens (user_id, token_hash, expires_at, kind) VALUES (?, ?, ?, ?)',
  );
  const byHash = db.prepare<[string], ResetTokenRow>(
    'SELECT id, user_id, expires_at, used_at, kind FROM password_reset_tokens WHERE token_hash = ?',
  );
  const markUsed = db.prepare(
    'UPDATE password_reset_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL',
  );
  const invalidateUser = db.prepare(
    'UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL',
  );
  const voidKind = db.prepare(
    'UPDATE password_reset_tokens SET used_at = ? WHERE user_id = ? AND kind = ? AND used_at IS NULL',
  );
  // Old tokens are of no use to anyone; they go when a new one is made.
  const purge = db.prepare('DELETE FROM password_reset_tokens WHERE expires_at < ?');
  const updatePassword = db.prepare('UPDATE users SET password_hash = ? WHERE id = ?');

  /**
   * Uses the token and sets the new password in one transaction; every other open token of the
   * user stops working too. False when the token was used meanwhile (two tabs, one link).
   */
  const redeem = db.transaction(
    (tokenId: number, userId: number, passwordHash: string, now: number): boolean => {
      if (markUsed.run(now, tokenId).changes !== 1) return false;
      updatePassword.run(passwordHash, userId);
      invalidateUser.run(now, userId);
      return true;
    },
  );

  return {
    create(
      userId: number,
      tokenHash: string,
      expiresAt: number,
      now: number,
      kind: TokenKind = 'reset',
    ) {
      purge.run(now - 24 * 60 * 60 * 1000);
      insert.run(userId, tokenHash, expiresAt, kind);
    },
    /** Voids the user's open tokens of this kind (a new invitation replaces the older ones). */
    voidAll(userId: number, kind: TokenKind, now: number) {
      voidKind.run(now, userId, kind);
    },
    findByHash(tokenHash: string): ResetTokenRecord | null {
      const row = byHash.get(tokenHash);
      return row
        ? {
            id: row.id,
            userId: row.user_id,
            expiresAt: row.expires_at,
            usedAt: row.used_at,
            kind: row.kind === 'invitation' ? 'invitation' : 'reset',
          }
        : null;
    },
    redeem(tokenId: number, userId: number, passwordHash: string, now: number): boolean {
      return redeem(tokenId, userId, passwordHash, now);
    },
  };
}
export type ResetTokensRepository = ReturnType<typeof createResetTokensRepository>;
