import { accountPaths, type RegisterPayload, type User } from '@raumregler/contract';
import { apiGet, apiPost, basicAuthorization, type RequestConfig } from '@/lib/api-client';

/** The account's own credentials go in the multipart body, as every write of the device API. */
export function register(payload: RegisterPayload) {
  return apiPost(accountPaths.register, payload as unknown as Record<string, unknown>, {
    credentials: { username: payload.email, password: payload.password },
  });
}

export function getUser(
  credentials: { username: string; password: string },
  config: RequestConfig = {},
) {
  return apiGet<User>(accountPaths.user, {
    ...config,
    headers: { Authorization: basicAuthorization(credentials.username, credentials.password) },
  });
}
