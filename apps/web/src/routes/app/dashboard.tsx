import { areaAllowsRead, can, wholeBuilding } from '@raumregler/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAlarms } from '@/features/alarms/hooks/use-alarms';
import { absencesQueryOptions } from '@/features/absences/api/get-absences';
import { useDeviceMode } from '@/features/auth/api/get-app-config';
import { Overview, type RunGroupWrites } from '@/features/overview/components/overview';
import type { GroupWrite } from '@/features/overview/utils/group';
import { endTemporary } from '@/features/rooms/api/end-temporary';
import { outsQueryOptions } from '@/features/rooms/api/get-outs';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';
import { setRoomLimits } from '@/features/rooms/api/set-limits';
import { setPermanent } from '@/features/rooms/api/set-permanent';
import { setTarget } from '@/features/rooms/api/set-target';
import { writeRooms } from '@/features/rooms/api/update-room-cache';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { LoadState } from '@/features/rooms/components/load-state';
import { deviceToday } from '@/lib/device-today';
import { bindingLimits, outsideLimits } from './group-limits';
import { useNow } from '@/lib/use-now';

const REFRESH_MS = 60_000;

/** One room's part of a group action: the same device-API calls the room page makes. */
async function writeOne(write: GroupWrite) {
  switch (write.kind) {
    case 'temporary':
      return setTarget({
        roomId: write.roomId,
        target: write.target,
        hours: write.minutes / 60,
        until: write.until,
      });
    case 'permanent':
      // "Dauerhaft übernehmen": end the temporary target first, then `soll`.
      await endTemporary(write.roomId);
      return setPermanent({ roomId: write.roomId, target: write.target });
    case 'resume':
      return endTemporary(write.roomId);
    case 'limits':
      return setRoomLimits(write.roomId, write.limits);
  }
}

/**
 * `/`: the room overview (issue 13, in place of the spec's empty dashboard). Temps reload every
 * 60 s while the page is visible; writers get group actions through the room writes.
 */
export default function DashboardRoute() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const { permissions } = useBuildingData();
  const temps = useQuery({
    ...tempsQueryOptions(),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
  const now = useNow(REFRESH_MS);
  // Absences from our server (issue 16): "Abwesend bis …" and the filter state=absent. A device
  // in proxy mode (the app-config's deviceMode: none asked for) or a failed load offers neither
  // rather than a wrong status.
  const deviceMode = useDeviceMode();
  const absences = useQuery({ ...absencesQueryOptions(deviceMode), refetchInterval: REFRESH_MS });
  const access = permissions.data;
  const area = access && areaAllowsRead(access.access_to_smart) ? 'smart' : 'pro';
  const readable =
    !!access && (areaAllowsRead(access.access_to_smart) || areaAllowsRead(access.access_to_pro));
  const today = deviceToday(now);
  const mayWrite = can(access, 'write', null, today);
  const mayManage = can(access, 'manage', null, today);
  // Valve openings (issue 32): the Ventil column, the demand filter and "Heizbedarf"; asked for
  // once the user is known to read the building (a 403 would only be retried).
  const outs = useQuery({
    ...outsQueryOptions(),
    enabled: readable,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
  // Open alarms (issue 15) as row marks and the state=alarm filter; the bell shares the list.
  const openAlarms = useAlarms('open', readable);
  const marks = useMemo(
    () => ({
      // A room's marks; the device-offline alarm belongs to no room.
      alarms: openAlarms.data?.filter(
        (alarm): alarm is typeof alarm & { room: number } => alarm.room !== null,
      ),
      absences: absences.data,
    }),
    [openAlarms.data, absences.data],
  );
  const roomHref = useCallback((roomId: number) => paths.room(area, roomId), [area]);
  const floorLabel = useCallback(
    (name: string) => {
      const id = `floor.${name}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : name;
    },
    [intl],
  );
  const floors = useMemo(
    () => (readable && Array.isArray(temps.data) ? temps.data : []),
    [readable, temps.data],
  );
  const limits = useMemo(() => bindingLimits(floors, access, today), [floors, access, today]);
  const runWrites = useCallback<RunGroupWrites>(
    (writes, onSettled) =>
      writeRooms(queryClient, writes, async (write) => {
        try {
          const refusal = outsideLimits(write, limits);
          if (refusal) throw refusal;
          const answer = await writeOne(write);
          if (!answer) throw new Error('no answer');
          return answer;
        } finally {
          onSettled();
        }
      }),
    [queryClient, limits],
  );
  // Issue 34: a scoped user whose building is one room goes straight to it.
  const onlyRoom =
    access && !wholeBuilding(access) && floors.length === 1 && floors[0]!.raeume.length === 1
      ? floors[0]!.raeume[0]!
      : null;
  const loaded = !!temps.data && !!access;
  // The overview draws in a background render of its own, after the frame (header, menu) and
  // the heading are on screen: drawing all of it in one task took 90–180 ms at 4x CPU on the
  // 1,000-room building (issue 13). A refresh redraws it the same way.
  const shownFloors = useDeferredValue(loaded ? floors : null, null);
  if (loaded && onlyRoom) return <Navigate to={paths.room(area, onlyRoom.id)} replace />;
  if (shownFloors === null)
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">
          {intl.formatMessage({ id: 'dashboard.title' })}
        </h1>
        {/* Loaded, about to be drawn: no spinner for the moment in between. */}
        {!loaded && (
          <LoadState
            failed={temps.isError || permissions.isError}
            onRetry={() => void Promise.all([temps.refetch(), permissions.refetch()])}
          />
        )}
      </div>
    );
  return (
    <Overview
      floors={shownFloors}
      now={now}
      roomHref={roomHref}
      floorLabel={floorLabel}
      runWrites={mayWrite ? runWrites : null}
      marks={marks}
      // In proxy mode a real device takes only `duration`, so the group dialog's "Bis …"
      // reaches 24 hours ahead there.
      proxy={deviceMode === 'proxy'}
      valves={outs.data}
      mayManage={mayManage}
    />
  );
}
