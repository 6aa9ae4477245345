import { apiPost, type RequestConfig } from '@/lib/api-client';
import { TOKENS_PATH, type CreatedToken, type TokenInput } from './token-types';
import { useTokenWrite } from './use-token-write';

/**
 * `POST /api/tokens/` (form fields `name`, `access`, `expires` when set, and the signed-in
 * user's `user`/`password` as every write): 201 `{"token": {…, "token": "rr_…"}}`, the secret
 * this once.
 */
export async function createToken(
  input: TokenInput,
  config: RequestConfig,
): Promise<CreatedToken | null> {
  const fields: Record<string, string> = { name: input.name, access: input.access };
  if (input.expires) fields.expires = input.expires;
  const answer = (await apiPost<unknown>(TOKENS_PATH, fields, config)).data;
  const token = (answer as { token?: Partial<CreatedToken> } | null)?.token;
  return token && typeof token.token === 'string' && typeof token.id === 'number'
    ? (token as CreatedToken)
    : null;
}

export const useCreateToken = () => useTokenWrite(createToken);
