import { areaAllowsWrite, boundByLimits, can } from '@raumregler/contract';
import { ArrowLeft } from 'lucide-react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { paths, type Area } from '@/config/paths';
import { RoomAlarmMark } from '@/features/alarms/components/room-alarm-mark';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { FloorName } from '@/features/rooms/components/floor-name';
import { LoadState } from '@/features/rooms/components/load-state';
import { NotFoundState } from '@/features/rooms/components/not-found-state';
import { roomReceivedAt } from '@/features/rooms/api/update-room-cache';
import { RoomControl } from '@/features/rooms/components/room-control';
import { RoomLimitsForm } from '@/features/rooms/components/room-limits-form';
import { deviceToday } from '@/lib/device-today';
import { HistorySection } from '@/features/history/components/history-section';
import { RecentChanges } from '@/features/audit/components/recent-changes';
import { RoomAbsence, RoomSchedule } from './room-schedule';
import { useLastRoomsShownAt } from '@/lib/last-rooms';
import { useFreshRoom, useFreshValves } from './use-fresh-temps';

/** /room-control/{smart|pro}/room/:roomId: one room with its dial. */
export default function RoomPage({ area }: { area: Area }) {
  const { roomId } = useParams();
  const intl = useIntl();
  const temps = useFreshRoom(Number(roomId));
  const { permissions } = useBuildingData();
  const valves = useFreshValves();
  const lastKnownAt = useLastRoomsShownAt();
  if (!temps.data) return <LoadState failed={temps.isError} onRetry={() => void temps.refetch()} />;
  const floors = Array.isArray(temps.data) ? temps.data : [];
  const floor = floors.find((candidate) =>
    candidate.raeume?.some((room) => String(room.id) === roomId),
  );
  const room = floor?.raeume.find((candidate) => String(candidate.id) === roomId);
  if (!floor || !room)
    return (
      <NotFoundState
        title={intl.formatMessage({ id: 'rooms.room.notFound.title' })}
        text={intl.formatMessage({ id: 'rooms.room.notFound.text' }, { id: roomId ?? '' })}
        action={
          <Link to={paths.home} className="text-primary underline">
            {intl.formatMessage({ id: 'rooms.backHome' })}
          </Link>
        }
      />
    );
  // The room pages keep the spec's per-area rule (section 6): pro paths check access_to_pro, the
  // rest access_to_smart. Until the permissions are known, nobody gets a dial that might refuse
  // the change.
  const access = permissions.data?.[area === 'pro' ? 'access_to_pro' : 'access_to_smart'];
  // Issue 34: the one rule, for this room and today (scope and validity); the area's own access
  // on top, as before.
  const place = { id: room.id, floor: floor.id };
  const today = deviceToday();
  const canChange = areaAllowsWrite(access) && can(permissions.data, 'write', place, today);
  const manages = can(permissions.data, 'manage', place, today);
  // A write puts its room into the list with its own arrival time (the countdown counts from it);
  // the recent changes ask again on either, a write or a reload of the list.
  const receivedAt = roomReceivedAt(room, temps.dataUpdatedAt);
  const version = Math.max(receivedAt, temps.dataUpdatedAt);
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <Link
        to={paths.floor(area, floor.id)}
        className="inline-flex w-fit items-center gap-1 rounded text-sm text-slate-600 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-slate-300"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {intl.formatMessage(
          { id: 'rooms.room.backToFloor' },
          { floor: <FloorName key="floor" name={floor.etagenname} /> },
        )}
      </Link>
      <h1 className="text-2xl font-semibold sm:text-3xl">{room.name}</h1>
      <RoomAlarmMark roomId={room.id} />
      <RoomAbsence roomId={room.id} />
      <RoomControl
        key={room.id}
        room={room}
        canChange={canChange}
        bound={boundByLimits(permissions.data, place, today)}
        offline={lastKnownAt !== null}
        accessKnown={permissions.data !== undefined || permissions.isError}
        receivedAt={receivedAt}
        valve={valves.data ? (valves.data.get(room.id) ?? null) : undefined}
      />
      {manages && (
        // Keyed by the limits too: a change from elsewhere (the overview, the CLI) shows here.
        <RoomLimitsForm
          key={`limits-${room.id}-${room.limits?.min}-${room.limits?.max}`}
          room={room}
        />
      )}
      <RoomSchedule
        key={`schedule-${room.id}`}
        roomId={room.id}
        roomName={room.name}
        floors={floors}
      />
      {/* Issue 14: the room's history (loads near the screen) and its last changes (manage). */}
      <HistorySection key={`history-${room.id}`} roomId={room.id} roomName={room.name} />
      {manages && <RecentChanges key={`changes-${room.id}`} roomId={room.id} version={version} />}
    </div>
  );
}
