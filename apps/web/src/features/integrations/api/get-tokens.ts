import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { TOKENS_PATH, tokensOf } from './token-types';

export const getTokens = async () => tokensOf(await apiGet<unknown>(TOKENS_PATH, OWN_SERVER));

/**
 * `GET /api/tokens/`: the user's own tokens, newest first (a building-wide manager's: everyone's).
 */
export const tokensQueryOptions = () =>
  queryOptions({
    queryKey: ['tokens'],
    queryFn: getTokens,
    staleTime: 30_000,
    // A refusal or a server without the tokens API answers the same again.
    retry: (failures: number, error: Error) => {
      const status = (error as ApiError).status;
      return (status === undefined || status >= 500) && failures < 3;
    },
  });
