import { areaAllowsRead, can } from '@raumregler/contract';
import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { paths } from '@/config/paths';
import { AlarmsView } from '@/features/alarms/components/alarms-view';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';

/**
 * `/alarms` (issue 15): open alarms, then the history; acknowledging needs the manage
 * capability. Room links go to the SMART room page, or PRO for someone who reads only there.
 */
export default function AlarmsPage() {
  const intl = useIntl();
  const { permissions } = useBuildingData();
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
    <AlarmsView mayManage={can(access, 'manage')} roomHref={roomHref} floorLabel={floorLabel} />
  );
}
