import { areaAllowsRead, can } from '@raumregler/contract';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '@/config/paths';
import { AlarmConsole } from '@/features/alarms/components/alarm-console';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { deviceToday } from '@/lib/device-today';

/**
 * `/alarms` (issues 15, 32): the alarm console; acknowledging needs the manage capability. Room
 * links go to the SMART room page, or PRO for someone who reads only there; the floor filter
 * offers the building's floors.
 */
export default function AlarmsPage() {
  const intl = useIntl();
  const { permissions, temps } = useBuildingData();
  const floors = useMemo(
    () => (temps.data ?? []).map((floor) => ({ id: floor.id, name: floor.etagenname })),
    [temps.data],
  );
  const access = permissions.data;
  const area = access && !areaAllowsRead(access.access_to_smart) ? 'pro' : 'smart';
  const roomHref = useCallback((roomId: number) => paths.room(area, roomId), [area]);
  const floorLabel = useCallback(
    (name: string) => {
      const id = `floor.${name}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : name;
    },
    [intl],
  );
  return (
    <AlarmConsole
      mayManage={can(access, 'manage', null, deviceToday())}
      roomHref={roomHref}
      floorLabel={floorLabel}
      floors={floors}
    />
  );
}
