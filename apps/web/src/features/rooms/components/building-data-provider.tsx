import type { Floor, Permissions } from '@raumregler/contract';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { permissionsQueryOptions } from '../api/get-permissions';
import { tempsQueryOptions } from '../api/get-temps';

interface BuildingData {
  temps: UseQueryResult<Floor[]>;
  permissions: UseQueryResult<Permissions>;
}

const BuildingDataContext = createContext<BuildingData | null>(null);

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

export function useBuildingData(): BuildingData {
  const value = useContext(BuildingDataContext);
  if (!value) throw new Error('useBuildingData must be used inside BuildingDataProvider');
  return value;
}
