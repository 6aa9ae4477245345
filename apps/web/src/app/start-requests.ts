import type { QueryClient } from '@tanstack/react-query';
import { appConfigQueryOptions } from '@/features/auth/api/get-app-config';
import { startDeviceInfo } from '@/features/auth/api/get-device-info';
import { permissionsQueryOptions } from '@/features/rooms/api/get-permissions';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';
import { readStoredAuth } from '@/lib/auth-storage';
import { isLocalHost } from '@/lib/device';

/**
 * The first view's requests, sent as soon as the entry runs rather than once React has rendered
 * and the lazy screens have arrived: the app config and, for someone signed in, the sign-in check
 * (GET info, taken by the frame's first verify) and the building's temps and permissions. On
 * localhost or an IP address the API is always /api, so the data need not wait for the config;
 * elsewhere the config says where the device API lives, so the data follows it.
 */
export function startFirstRequests(queryClient: QueryClient): void {
  const config = queryClient.prefetchQuery(appConfigQueryOptions());
  const stored = readStoredAuth();
  if (!stored) return;
  startDeviceInfo(stored);
  const loadData = () => {
    void queryClient.prefetchQuery(tempsQueryOptions());
    void queryClient.prefetchQuery(permissionsQueryOptions());
  };
  if (isLocalHost(window.location.hostname)) loadData();
  else void config.then(loadData);
}
