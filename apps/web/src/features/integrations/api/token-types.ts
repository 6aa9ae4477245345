import type { AccessToken, CreatedToken as CreatedAnswer, TokenAccess } from '@raumregler/contract';
import { TOKENS_PATH } from '@raumregler/contract';

/** The tokens API of issue 35 (`/api/tokens/`): the contract's shapes (schemas/tokens.ts). */
export type { AccessToken, TokenAccess };
export { TOKENS_PATH };

/** One token's address, for `DELETE`. */
export const tokenPath = (id: number) => `${TOKENS_PATH}${id}/`;

/** The answer of `POST /api/tokens/`: the token with its secret, shown this once. */
export type CreatedToken = CreatedAnswer['token'];

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
