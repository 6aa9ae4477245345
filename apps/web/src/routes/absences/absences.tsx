import { can } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { AbsencesPage } from '@/features/absences/components/absences-page';
import { useDeviceMode } from '@/features/auth/api/get-app-config';
import { refreshTemps } from '@/features/rooms/api/update-room-cache';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useNow } from '@/lib/use-now';
import { deviceToday } from '@/lib/device-today';

/** `/absences` (issue 16): the building's rooms by floor from temps, "manage" from permissions. */
export default function AbsencesRoute() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { temps, permissions } = useBuildingData();
  const now = useNow();
  const deviceMode = useDeviceMode();
  const floors = useMemo(
    () =>
      (Array.isArray(temps.data) ? temps.data : []).map((floor) => {
        const id = `floor.${floor.etagenname}`;
        return {
          id: floor.id,
          name: intl.messages[id] ? intl.formatMessage({ id }) : String(floor.etagenname ?? ''),
          rooms: (floor.raeume ?? []).map((room) => ({ id: room.id, name: room.name })),
        };
      }),
    [temps.data, intl],
  );
  const onChanged = useCallback(() => refreshTemps(queryClient), [queryClient]);
  return (
    <AbsencesPage
      floors={floors}
      canManage={can(permissions.data, 'manage', null, deviceToday())}
      now={now}
      onChanged={onChanged}
      deviceMode={deviceMode}
    />
  );
}
