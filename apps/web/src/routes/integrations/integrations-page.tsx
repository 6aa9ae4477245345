import { can, managesBuilding } from '@raumregler/contract';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { IntegrationsPage } from '@/features/integrations/components/integrations-page';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { deviceToday } from '@/lib/device-today';

/**
 * `/integrations`, "Integrationen" (issue 35): for everyone who may see the building. Only those
 * who may change temperatures are offered write tokens; building-wide managers see everyone's
 * tokens. Everyone else gets the app's not-found page (the server refuses them too).
 */
export default function IntegrationsRoute() {
  const { permissions } = useBuildingData();
  // Until the permissions are known (or while the controller is away) nobody is sent away.
  if (!permissions.data) return <PageSpinner />;
  const today = deviceToday();
  if (!can(permissions.data, 'read', null, today))
    return <Navigate to={paths.error.notFound} replace />;
  return (
    <IntegrationsPage
      canWrite={can(permissions.data, 'write', null, today)}
      manager={managesBuilding(permissions.data, today)}
    />
  );
}
