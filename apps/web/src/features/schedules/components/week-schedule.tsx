import { DEFAULT_SETPOINT_MAX, DEFAULT_SETPOINT_MIN } from '@raumregler/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyPlus } from 'lucide-react';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { BatchProgress } from '@/components/ui/batch-progress';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorReason } from '@/lib/error-reason';
import { useBatchRun, type RunBatch } from '@/lib/use-batch-run';
import { isDeviceProgramme, scheduleQueryOptions } from '../api/get-schedule';
import { saveSchedule } from '../api/save-schedule';
import { useMinute } from '../hooks/use-minute';
import { dayIndexOf, DAYS, minuteOfDay } from '../utils/week';
import type { PickerFloor } from '@/components/room-picker';
import { CopyWeekDialog } from './copy-week-dialog';
import { DeviceProgrammeView } from './device-programme';
import { ScheduleEditor } from './schedule-editor';
import { WeekView } from './week-view';

/**
 * The room page's "Wochenplan": everyone who may read sees the week; users with manage edit it
 * and copy it to other rooms. In proxy mode the device keeps its own programme: one line says it
 * is edited at the device, and its switch points are listed read-only (issue 33).
 */
export default function WeekSchedule({
  roomId,
  roomName,
  canManage,
  floors,
  onSaved,
}: {
  roomId: number;
  roomName: string;
  canManage: boolean;
  /** The building's floors and rooms (the route's, from temps): where the week can be copied. */
  floors: readonly PickerFloor[];
  /** After a save or copy: the route reloads the rooms' targets in force. */
  onSaved?: () => unknown;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const headingId = useId();
  const schedule = useQuery({ ...scheduleQueryOptions(roomId), staleTime: 60_000 });
  const now = useMinute();
  const [dirty, setDirty] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const rooms = useMemo(() => floors.flatMap((floor) => floor.rooms), [floors]);
  const targets = useMemo(() => rooms.filter((room) => room.id !== roomId), [rooms, roomId]);
  const names = useMemo(() => new Map(rooms.map((room) => [room.id, room.name])), [rooms]);
  const answer = schedule.data;
  const device = answer ? isDeviceProgramme(answer) : false;
  const week = answer && !isDeviceProgramme(answer) ? answer.week : undefined;
  const queryClient = useQueryClient();
  const copyOne = useCallback(
    async (target: number) => {
      if (!week) throw new Error('no week');
      const saved = await saveSchedule({ roomId: target, week });
      queryClient.setQueryData(scheduleQueryOptions(target).queryKey, saved);
    },
    [week, queryClient],
  );
  // One POST per room, all at once; each answer counts as it arrives.
  const copyAll = useCallback<RunBatch<number>>(
    (roomIds, onSettled) =>
      Promise.allSettled(roomIds.map((roomId) => copyOne(roomId).finally(onSettled))),
    [copyOne],
  );
  const batch = useBatchRun(copyAll);
  const startCopy = (ids: number[]) => {
    setCopyOpen(false);
    void batch.start(ids).then(() => onSaved?.());
  };
  const empty = week ? DAYS.every((day) => week[day].length === 0) : false;

  // The week is drawn in a background render of its own: an answer arrives through TanStack
  // Query's store, which React renders synchronously, and the seven days with the editor were one
  // task of ~50 ms at 4x CPU right after the room page's first paint (docs/performance.md).
  const shown = useDeferredValue(schedule.data);
  const loading = <p className="min-h-[26rem] text-sm">{t('schedules.loading')}</p>;

  let body;
  // While loading, the section keeps about the height of a week (seven bars): the sections below
  // it (the Verlauf with its chart) must not count as on screen only because this one is short.
  if (schedule.isPending) body = loading;
  else if (schedule.isError)
    body = (
      <Alert variant="danger">
        <span>
          {t('schedules.loadFailed')} {errorReason(intl, schedule.error) ?? ''}
        </span>{' '}
        <Button size="sm" variant="secondary" onClick={() => void schedule.refetch()}>
          {t('schedules.retry')}
        </Button>
      </Alert>
    );
  else if (!shown) body = loading;
  else if (isDeviceProgramme(shown)) body = <DeviceProgrammeView points={shown.points} now={now} />;
  else
    body = (
      <>
        {empty && <p className="text-sm">{t('schedules.empty')}</p>}
        {canManage ? (
          <ScheduleEditor
            roomId={roomId}
            saved={shown.week}
            // The room's own limits where the server names them (ours does), else the device's
            // defaults; the server refuses anything outside the room's limits either way.
            limits={{
              min: shown.min_target ?? DEFAULT_SETPOINT_MIN,
              max: shown.max_target ?? DEFAULT_SETPOINT_MAX,
            }}
            todayIndex={dayIndexOf(now)}
            nowMinute={minuteOfDay(now)}
            onSaved={onSaved}
            onDirtyChange={setDirty}
          />
        ) : (
          <WeekView week={shown.week} todayIndex={dayIndexOf(now)} nowMinute={minuteOfDay(now)} />
        )}
        <p className="text-xs text-slate-600 dark:text-slate-300">{t('schedules.legend')}</p>
      </>
    );

  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-6" role="region" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('schedules.title')}
        </h2>
        {canManage && schedule.isSuccess && !device && targets.length > 0 && (
          <Button
            size="sm"
            variant="secondary"
            className="gap-1.5"
            disabled={dirty || batch.state?.running === true}
            title={dirty ? t('schedules.copyWeek.saveFirst') : undefined}
            onClick={() => setCopyOpen(true)}
          >
            <CopyPlus className="size-4" aria-hidden="true" />
            {t('schedules.copyWeek.open')}
          </Button>
        )}
      </div>
      {canManage && dirty && schedule.isSuccess && !device && targets.length > 0 && (
        <p className="sr-only">{t('schedules.copyWeek.saveFirst')}</p>
      )}
      {batch.state && (
        <BatchProgress
          run={batch.state}
          roomOf={(roomId) => roomId}
          names={names}
          messages="schedules.copyWeek"
          onRetry={batch.retry}
          onDismiss={batch.dismiss}
        />
      )}
      {body}
      <CopyWeekDialog
        open={copyOpen}
        onOpenChange={setCopyOpen}
        floors={floors}
        sourceId={roomId}
        sourceName={roomName}
        onCopy={startCopy}
      />
    </Card>
  );
}
