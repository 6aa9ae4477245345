import { accountPaths, type AppConfig } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

export const getAppConfig = () => apiGet<AppConfig>(accountPaths.appConfig);

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export const useAppConfig = () => useQuery(appConfigQueryOptions());
