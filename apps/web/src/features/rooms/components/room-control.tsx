import { roomActivity, type Room } from '@raumregler/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarClock, Plane } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatDayTime, parseDeviceTime } from '@/lib/device-values';
import { refreshRoom } from '../api/update-room-cache';
import { useNow } from '@/lib/use-now';
import { useRoomActions } from '../hooks/use-room-actions';
import { formatTemperature, isCooling, toNumber } from '../utils/room-values';
import { DURATION_DEFAULT_HOURS, DurationSlider } from './duration-slider';
import { NextChangeLine } from './next-change-line';
import { RoomValve } from './room-valve';
import { SaveStatus } from './save-status';
import { SensorInfo } from './sensor-info';
import { TemporaryPanel } from './temporary-panel';
import { ThermostatDial } from './thermostat-dial';
import { dialRange } from '../utils/dial-math';

/**
 * One room: the dial, its mode (schedule or temporary) and what the user may do.
 * `receivedAt` is when the room data arrived; the countdown runs from it.
 */
export function RoomControl({
  room,
  canChange,
  accessKnown = true,
  offline = false,
  receivedAt,
  valve,
  bound = false,
}: {
  room: Room;
  canChange: boolean;
  /**
   * The user does not manage this room, so its limits (`room.limits`) bind their targets (issue
   * 34): the dial turns within them. Those who manage it see the limits as marks on the arc.
   */
  bound?: boolean;
  /**
   * The room is the last known one from storage (issue 32): the controller does not answer, so
   * nothing can be changed now, and the dial says why instead of pretending.
   */
  offline?: boolean;
  /** False while the user's permissions have not arrived: the dial is read-only meanwhile. */
  accessKnown?: boolean;
  receivedAt: number;
  /** The valve opening in percent (issue 32); null without outputs, undefined while unknown. */
  valve?: number | null;
}) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const actions = useRoomActions(room.id);
  const [hours, setHours] = useState(DURATION_DEFAULT_HOURS);
  // The countdown of this very answer ran out: show normal mode until fresh data arrives.
  const [expiredAt, setExpiredAt] = useState<number | null>(null);
  const now = useNow();

  const remaining = toNumber(room.remaining_time) ?? 0;
  const temporary = room.is_temporary_mode === true && remaining > 0 && expiredAt !== receivedAt;
  const serverTarget = toNumber(room.solltemperatur) ?? toNumber(room.perm_solltemperatur) ?? 0;
  const target = actions.pending ?? serverTarget;
  const current = toNumber(room.temperatur);
  const busy = actions.saveState === 'saving';
  const format = (value: unknown) => formatTemperature(intl, value);
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const limits = room.limits ?? null;
  const limitsBind = bound && limits !== null;
  const range = dialRange(limits, bound);
  const oneDecimal = (value: number) =>
    intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const limitsText = limits
    ? { min: oneDecimal(limits.min), max: oneDecimal(limits.max) }
    : { min: '', max: '' };
  // A bound user cannot keep or make permanent a target outside the limits (set before them, or
  // by a manager): the buttons would only earn the server's refusal.
  const targetAllowed = !limitsBind || (target >= limits.min && target <= limits.max);

  const onExpired = useCallback(() => {
    setExpiredAt(receivedAt);
    void refreshRoom(queryClient, room.id);
  }, [queryClient, receivedAt, room.id]);

  const end = parseDeviceTime(room.mode_end_datetime) ?? new Date(receivedAt + remaining * 1000);
  // What the room does now and next: the contract's one rule, as the overview reads it too.
  const activity = roomActivity(temporary ? room : { ...room, is_temporary_mode: false });
  const absentUntil = activity.now.kind === 'absent' ? parseDeviceTime(activity.now.until) : null;

  return (
    <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] md:items-start">
      <Card className="flex flex-col items-center gap-1 p-4 sm:p-6">
        <ThermostatDial
          value={target}
          range={range}
          marks={limitsBind ? null : limits}
          formatEnd={(value) => intl.formatNumber(value)}
          current={current}
          label={t('rooms.dial.label', { room: room.name })}
          readOnly={!canChange || offline}
          formatValue={format}
          caption={t(isCooling(room) ? 'rooms.dial.targetCooling' : 'rooms.dial.target')}
          tone={isCooling(room) ? 'cool' : 'heat'}
          footnote={t('rooms.dial.current', { temp: format(current) })}
          onCommit={(value) => actions.commitTarget(value, hours)}
        />
        <SaveStatus state={actions.saveState} />
        {limits && !offline && (canChange || !limitsBind) && (
          <p className="max-w-sm text-center text-sm font-medium text-slate-700 dark:text-slate-300">
            {t(limitsBind ? 'limits.dial.bound' : 'limits.dial.marks', limitsText)}
          </p>
        )}
        {/* Until the permissions are known, neither "drag" nor "read access only" is true: the
            paragraph keeps its place, unseen (it told writers they could not change anything). */}
        <p
          className="max-w-sm text-center text-sm text-slate-600 dark:text-slate-400"
          style={accessKnown ? undefined : { visibility: 'hidden' }}
          aria-hidden={accessKnown ? undefined : true}
        >
          {t(
            offline
              ? 'rooms.dial.offline'
              : canChange || !accessKnown
                ? 'rooms.dial.hint'
                : 'rooms.dial.readOnly',
          )}
        </p>
      </Card>
      <div className="flex flex-col gap-4">
        <Card className="flex flex-col gap-4 p-4 sm:p-5">
          {temporary ? (
            <TemporaryPanel
              end={end}
              now={now}
              remaining={remaining}
              receivedAt={receivedAt}
              next={activity.next}
              busy={busy}
              onExpired={onExpired}
              onEnd={actions.endTemporary}
            />
          ) : (
            <>
              <p className="flex items-center gap-2 text-sm font-medium text-slate-700 dark:text-slate-300">
                {absentUntil ? (
                  <>
                    <Plane className="size-5" aria-hidden="true" />
                    {t('rooms.absent.active', {
                      temp: format(activity.now.target),
                      when: formatDayTime(intl, absentUntil, now),
                    })}
                  </>
                ) : (
                  <>
                    <CalendarClock className="size-5" aria-hidden="true" />
                    {t('rooms.schedule.active')}
                  </>
                )}
              </p>
              <NextChangeLine next={activity.next} now={now} />
            </>
          )}
          {canChange && !offline && (
            <>
              <DurationSlider hours={hours} onChange={setHours} />
              {temporary && (
                <div className="flex flex-col gap-2 sm:flex-row md:flex-col">
                  <Button
                    variant="secondary"
                    className="h-auto min-h-10 py-2"
                    disabled={busy || !targetAllowed}
                    onClick={() => actions.commitTarget(target, hours)}
                  >
                    {t('rooms.duration.apply')}
                  </Button>
                  <Button
                    className="h-auto min-h-10 py-2"
                    disabled={busy || !targetAllowed}
                    onClick={() => actions.makePermanent(target)}
                  >
                    {t('rooms.makePermanent')}
                  </Button>
                </div>
              )}
            </>
          )}
        </Card>
        <SensorInfo
          temperature={room.temperatur}
          humidity={room.luftfeuchte}
          sensors={room.sensoren}
          now={now}
        />
        <RoomValve valve={valve} />
      </div>
    </div>
  );
}
