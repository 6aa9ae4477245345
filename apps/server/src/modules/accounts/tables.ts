import type { Generated } from 'kysely';

/** Reset and invitation tokens (migrations 001, 013): only the SHA-256 of a token is stored. */
export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: number;
  used_at: number | null;
  kind: Generated<string>;
}

declare module '../../platform/database/schema.js' {
  interface Schema {
    password_reset_tokens: PasswordResetTokensTable;
  }
}
