import { can, type Floor } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { AbsenceMark } from '@/features/absences/components/absence-mark';
import { useDeviceMode } from '@/features/auth/api/get-app-config';
import { refreshTemps } from '@/features/rooms/api/update-room-cache';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useFloorStructure } from '@/features/rooms/hooks/use-floor-structure';
import { deviceToday } from '@/lib/device-today';
import { useNow } from '@/lib/use-now';
import { usePainted } from '@/lib/after-paint';

// The week's bars and editor load after the room's first view: it does not wait for them, nor
// share the line with them.
const WeekSchedule = lazy(() => import('@/features/schedules/components/week-schedule'));

/**
 * The room page's weekly schedule (issue 16), composed here so that the page itself only gains
 * one line: the rooms the week may be copied to come from temps, "manage" from the permissions.
 */
export function RoomSchedule({
  roomId,
  roomName,
  floors,
}: {
  roomId: number;
  roomName: string;
  floors: readonly Floor[];
}) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const { permissions } = useBuildingData();
  // The rooms to copy the week to, by floor: the same list while the building's rooms stay the same.
  const structure = useFloorStructure(floors);
  const pickerFloors = useMemo(
    () =>
      structure.map((floor) => {
        const id = `floor.${floor.etagenname}`;
        return {
          id: floor.id,
          name: intl.messages[id] ? intl.formatMessage({ id }) : String(floor.etagenname ?? ''),
          rooms: floor.raeume.map((room) => ({ id: room.id, name: room.name })),
        };
      }),
    [structure, intl],
  );
  // Opened from scratch, after the first view is complete: the dial's hint, the page's largest
  // text and so its LCP, shows once the permissions are known, and a chunk that arrives before
  // its paint counts towards it. Reached from another screen, after the room's first paint.
  const painted = usePainted('first-view');
  // Issue 34: "manage" in this room (its scope and today), as the server checks a save.
  const floorId = floors.find((floor) => floor.raeume?.some((room) => room.id === roomId))?.id;
  const place = floorId === undefined ? null : { id: roomId, floor: floorId };
  // The stand-in keeps the height of a week, so that the Verlauf below stays below the fold
  // (and its chart unloaded) while this chunk arrives.
  const standIn = <div className="min-h-[31rem]" aria-hidden="true" />;
  if (!painted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <WeekSchedule
        roomId={roomId}
        roomName={roomName}
        canManage={can(permissions.data, 'manage', place, deviceToday())}
        floors={pickerFloors}
        onSaved={() => refreshTemps(queryClient)}
      />
    </Suspense>
  );
}

/** "Abwesend bis 12.01., 18:00" under the room's name while an absence holds it. */
export function RoomAbsence({ roomId }: { roomId: number }) {
  return <AbsenceMark roomId={roomId} now={useNow()} deviceMode={useDeviceMode()} />;
}
