import { managesBuilding } from '@raumregler/contract';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { DevicesPage } from '@/features/devices/components/devices-page';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useFloorChoices } from '@/features/rooms/hooks/use-floor-choices';

/**
 * `/devices`, "Geräte" (issue 36): for building-wide managers (the server refuses everyone else
 * with 403). The rooms to choose from come from temps, which a building-wide manager reads whole.
 */
export default function DevicesRoute() {
  const { permissions } = useBuildingData();
  const floors = useFloorChoices();
  if (!permissions.data) return <PageSpinner />;
  if (!managesBuilding(permissions.data)) return <Navigate to={paths.error.notFound} replace />;
  return <DevicesPage floors={floors} />;
}
