import { deviceApiPaths, type DeviceInfo } from '@raumregler/contract';
import { apiGet } from '@/lib/api-client';

/** Signing in is this call with Basic credentials: 200 = signed in, 401 = wrong details. */
export function getDeviceInfo(credentials?: { username: string; password: string }) {
  return apiGet<DeviceInfo>(
    deviceApiPaths.info(),
    credentials
      ? {
          headers: {
            Authorization: `Basic ${btoa(
              String.fromCharCode(
                ...new TextEncoder().encode(`${credentials.username}:${credentials.password}`),
              ),
            )}`,
          },
        }
      : {},
  );
}
