import type { AppConfig } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadAppConfig } from '@/lib/api-client';

/**
 * Always from the app's own origin: this answer says where the device API lives and which
 * building the app is opened for; the API client applies both to every later call.
 */
export const getAppConfig = (): Promise<AppConfig> => loadAppConfig();

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());

/**
 * Whether our server is the building (`simulation`, or `mqtt`: driving real thermostats, where
 * the app behaves as in simulation) or stands in front of a real device (`proxy`, issue 33);
 * undefined while the configuration loads. A configuration that failed to
 * load, or a server that does not say, counts as our own building.
 */
export function useDeviceMode(): AppConfig['deviceMode'] | undefined {
  const config = useAppConfig();
  if (config.isPending) return undefined;
  return config.data?.deviceMode ?? 'simulation';
}
