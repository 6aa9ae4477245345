import type { Floor, Permissions } from '@raumregler/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { requiredContext } from '@/lib/required-context';
import { permissionsQueryOptions } from '../api/get-permissions';
import { tempsQueryOptions } from '../api/get-temps';

interface BuildingData {
  temps: UseQueryResult<Floor[]>;
  permissions: UseQueryResult<Permissions>;
}

const BuildingDataContext = requiredContext<BuildingData>(
  'useBuildingData',
  'BuildingDataProvider',
);

/**
 * Temps and permissions for the signed-in user: loaded only when `enabled` (auth ready and a
 * user signed in), fresh for 5 minutes, reloaded by invalidating ['temps'] or ['permissions'].
 */
export function BuildingDataProvider({
  enabled,
  children,
}: {
  enabled: boolean;
  children: ReactNode;
}) {
  const temps = useQuery({ ...tempsQueryOptions(), enabled });
  const permissions = useQuery({ ...permissionsQueryOptions(), enabled });
  return (
    <BuildingDataContext.Provider value={{ temps, permissions }}>
      {children}
    </BuildingDataContext.Provider>
  );
}

export const useBuildingData: () => BuildingData = BuildingDataContext.useValue;
