/**
 * The tokens API of issue 35 (`/api/tokens/`), as the server answers it. The contract's
 * `packages/contract/src/schemas/tokens.ts` (AccessTokenSchema, CreatedTokenSchema) describes the
 * same shapes for the server; the page reads them as plain data and checks what it draws.
 */
export const TOKENS_PATH = '/tokens/';

/** One token's address, for `DELETE`. */
export const tokenPath = (id: number) => `${TOKENS_PATH}${id}/`;

export type TokenAccess = 'read' | 'write';

export interface AccessToken {
  id: number;
  name: string;
  access: TokenAccess;
  /** The last day it is valid (`YYYY-MM-DD`, to the end of that day), or null: never expires. */
  expires: string | null;
  /** ISO time with offset. */
  created_at: string;
  /** ISO time with offset, or null: never used. */
  last_used_at: string | null;
  /** The username of the token's owner. */
  owner: string;
}

/** The answer of `POST /api/tokens/`: the token with its secret, shown this once. */
export interface CreatedToken extends AccessToken {
  token: string;
}

/** What the create form sends. */
export interface TokenInput {
  name: string;
  access: TokenAccess;
  /** `YYYY-MM-DD`, or null: never expires. */
  expires: string | null;
}

const isToken = (value: unknown): value is AccessToken =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as AccessToken).id === 'number' &&
  typeof (value as AccessToken).name === 'string';

/** The tokens of an answer `{"tokens": […]}` (anything that is not a token left out). */
export const tokensOf = (answer: unknown): AccessToken[] => {
  const tokens = (answer as { tokens?: unknown } | null)?.tokens;
  return Array.isArray(tokens) ? tokens.filter(isToken) : [];
};

/** The token of an answer `{"token": {…}}`. */
export const tokenOf = (answer: unknown): AccessToken | null => {
  const token = (answer as { token?: unknown } | null)?.token;
  return isToken(token) ? token : null;
};
