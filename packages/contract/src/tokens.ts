/** Ours (issue 35): access tokens. Schemas in `./schemas/tokens.ts`, types (only) here. */
export type {
  AccessToken,
  TokenList,
  CreatedToken,
  RevokedToken,
  TokenPayload,
} from './schemas/tokens.js';

/** The tokens' path under `/api` (not at the root). */
export const TOKENS_PATH = '/tokens/';

/** What a token may do (decision 0080): `read` only, or `read` and `write`. */
export type TokenAccess = 'read' | 'write';
export const TOKEN_ACCESS: readonly TokenAccess[] = ['read', 'write'];

/** Every token's secret starts with this (the `Authorization: Bearer` value). */
export const TOKEN_PREFIX = 'rr_';

/** Longest token name. */
export const TOKEN_NAME_MAX = 100;
