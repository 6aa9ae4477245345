import { can } from '@raumregler/contract';
import { useMemo } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '@/components/ui/page-spinner';
import { paths } from '@/config/paths';
import { AuditLog } from '@/features/audit/components/audit-log';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { deviceToday } from '@/lib/device-today';

/**
 * /audit, "Protokoll": the audit log for users with the manage capability. Everyone else gets the
 * app's not-found page, as for any address that is not theirs (the server refuses them with 403).
 */
export default function AuditPage() {
  const { temps, permissions } = useBuildingData();
  const rooms = useMemo(
    () =>
      (Array.isArray(temps.data) ? temps.data : []).flatMap((floor) =>
        (floor.raeume ?? []).map((room) => ({
          id: room.id,
          name: room.name,
          floor: floor.etagenname,
        })),
      ),
    [temps.data],
  );
  // Until the permissions are known (or while the controller is away) nobody is sent away.
  if (!permissions.data) return <PageSpinner />;
  if (!can(permissions.data, 'manage', null, deviceToday()))
    return <Navigate to={paths.error.notFound} replace />;
  return <AuditLog rooms={rooms} />;
}
