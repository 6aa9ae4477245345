import { managesBuilding } from '@raumregler/contract';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { DevicesPage } from '@/features/devices/components/devices-page';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';

/**
 * `/devices`, "Geräte" (issue 36): for building-wide managers (the server refuses everyone else
 * with 403). The rooms to choose from come from temps, which a building-wide manager reads whole.
 */
export default function DevicesRoute() {
  const intl = useIntl();
  const { temps, permissions } = useBuildingData();
  const floors = useMemo(
    () =>
      (Array.isArray(temps.data) ? temps.data : []).map((floor) => {
        const short = String(floor.etagenname ?? '');
        const id = `floor.${short}`;
        return {
          id: floor.id,
          name: intl.messages[id] ? intl.formatMessage({ id }) : short,
          rooms: (floor.raeume ?? []).map((room) => ({ id: room.id, name: room.name })),
        };
      }),
    [temps.data, intl],
  );
  if (!permissions.data)
    return (
      <div className="grid h-40 place-items-center">
        <Spinner
          label={intl.formatMessage({ id: 'common.loading' })}
          className="text-teal-700 dark:text-teal-400"
        />
      </div>
    );
  if (!managesBuilding(permissions.data)) return <Navigate to={paths.error.notFound} replace />;
  return <DevicesPage floors={floors} />;
}
