import { can, type Floor } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { AbsenceMark } from '@/features/absences/components/absence-mark';
import { refreshTemps } from '@/features/rooms/api/update-room-cache';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useNow } from '@/features/rooms/hooks/use-now';

// The week's bars and editor load after the dial: the room page's first view stays as it was.
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
  const { permissions } = useBuildingData();
  const rooms = useMemo(
    () => floors.flatMap((floor) => floor.raeume.map((room) => ({ id: room.id, name: room.name }))),
    [floors],
  );
  return (
    // The stand-in keeps the height of a week, so that the Verlauf below stays below the fold
    // (and its chart unloaded) while this chunk arrives.
    <Suspense fallback={<div className="min-h-[31rem]" aria-hidden="true" />}>
      <WeekSchedule
        roomId={roomId}
        roomName={roomName}
        canManage={can(permissions.data, 'manage')}
        rooms={rooms}
        onSaved={() => refreshTemps(queryClient)}
      />
    </Suspense>
  );
}

/** "Abwesend bis 12.01., 18:00" under the room's name while an absence holds it. */
export function RoomAbsence({ roomId }: { roomId: number }) {
  return <AbsenceMark roomId={roomId} now={useNow()} />;
}
