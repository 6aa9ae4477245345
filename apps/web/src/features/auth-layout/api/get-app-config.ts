import { accountPaths, type AppConfig } from '@raumregler/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';

// Same key and freshness as the sign-in form's query: both read one cached answer.
export const authLayoutConfigQuery = () =>
  queryOptions({
    queryKey: ['app-config'],
    queryFn: () => apiGet<AppConfig>(accountPaths.appConfig),
    staleTime: Infinity,
  });

/** The building's name for the frame of the auth screens; "Raumregler" until it is known. */
export function useBuildingName(): string {
  const config = useQuery(authLayoutConfigQuery());
  return config.data?.buildingName ?? 'Raumregler';
}
