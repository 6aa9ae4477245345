import { apiDelete, type RequestConfig } from '@/lib/api-client';
import { tokenOf, tokenPath, type AccessToken } from './token-types';
import { useTokenWrite } from './use-token-write';

/** `DELETE /api/tokens/{id}/` (Basic): the token's next request is refused. */
export const revokeToken = async (token: AccessToken, config: RequestConfig) =>
  tokenOf((await apiDelete<unknown>(tokenPath(token.id), config)).data);

export const useRevokeToken = () => useTokenWrite(revokeToken);
