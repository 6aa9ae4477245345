import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useBuildingData } from '../components/building-data-provider';
import { useFloorStructure } from './use-floor-structure';

/** A floor as a room picker offers it: its short name, its name in the user's language, its rooms. */
export interface FloorChoice {
  id: number;
  short: string;
  name: string;
  rooms: { id: number; name: string }[];
}

/**
 * The building's floors and rooms to choose from (the members' scope, a device's room), from
 * temps; built again only when the building's structure changes, not on every poll.
 */
export function useFloorChoices(): FloorChoice[] {
  const intl = useIntl();
  const { temps } = useBuildingData();
  const floors = useFloorStructure(Array.isArray(temps.data) ? temps.data : undefined);
  return useMemo(
    () =>
      (floors ?? []).map((floor) => {
        const short = String(floor.etagenname ?? '');
        const id = `floor.${short}`;
        return {
          id: floor.id,
          short,
          name: intl.messages[id] ? intl.formatMessage({ id }) : short,
          rooms: (floor.raeume ?? []).map((room) => ({ id: room.id, name: room.name })),
        };
      }),
    [floors, intl],
  );
}
