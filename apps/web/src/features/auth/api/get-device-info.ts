import { deviceApiPaths, type DeviceInfo } from '@raumregler/contract';
import { apiGet, basicAuthorization } from '@/lib/api-client';

/** Signing in is this call with Basic credentials: 200 = signed in, 401 = wrong details. */
export function getDeviceInfo(credentials: { username: string; password: string }) {
  return apiGet<DeviceInfo>(deviceApiPaths.info(), {
    headers: { Authorization: basicAuthorization(credentials.username, credentials.password) },
  });
}
