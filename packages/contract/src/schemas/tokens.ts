/**
 * Ours (issue 35): access tokens, `GET|POST /api/tokens/`, `DELETE /api/tokens/{id}/`
 * (docs/accounts.md "Access tokens"). The one source of their types (`../tokens.ts`).
 */
import Type, { type Static } from 'typebox';

const nullableString = () => Type.Union([Type.String(), Type.Null()]);

/** One token as listed: never its secret. */
export const AccessTokenSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** `read`: the read capability only; `write`: read and write, never manage (decision 0080). */
  access: Type.Union([Type.Literal('read'), Type.Literal('write')]),
  /** The last day it works, `YYYY-MM-DD` device-local (to the end of that day); null = never ends. */
  expires: nullableString(),
  /** Device-local time with its UTC offset. */
  created_at: Type.String(),
  /** The last request it signed in (at most a minute late); null = never used. */
  last_used_at: nullableString(),
  /** The owner's username: the token has the owner's rights, limited to `access`. */
  owner: Type.String(),
});

/** `GET /api/tokens/`: own tokens (a building-wide manager: everyone's), newest first. */
export const TokenListSchema = Type.Object({
  tokens: Type.Array(AccessTokenSchema),
});

/** `POST /api/tokens/` (201): the new token with its secret in `token`, shown this once. */
export const CreatedTokenSchema = Type.Object({
  token: Type.Object({
    ...AccessTokenSchema.properties,
    /** `rr_` and 43 random characters (32 bytes, base64url): the `Authorization: Bearer` value. */
    token: Type.String(),
  }),
});

/** `DELETE /api/tokens/{id}/`: the revoked token. */
export const RevokedTokenSchema = Type.Object({
  token: AccessTokenSchema,
});

/** The form fields of `POST /api/tokens/` (besides `user`/`password` or Basic). */
export const TokenPayloadSchema = Type.Object({
  name: Type.String({ description: '1–100 characters' }),
  access: Type.String({ description: '`read` or `write` (not more than the owner may)' }),
  expires: Type.Optional(
    Type.String({ description: 'last valid day, `YYYY-MM-DD` (to its end); none: never' }),
  ),
});

export type AccessToken = Static<typeof AccessTokenSchema>;
export type TokenList = Static<typeof TokenListSchema>;
export type CreatedToken = Static<typeof CreatedTokenSchema>;
export type RevokedToken = Static<typeof RevokedTokenSchema>;
export type TokenPayload = Static<typeof TokenPayloadSchema>;
