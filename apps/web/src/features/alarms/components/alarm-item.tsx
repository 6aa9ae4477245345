import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { Alarm } from '../api/alarm-types';
import { formatAlarmTime } from '../utils/alarm-time';
import { alarmKindLabel, alarmTitle, alarmValueTarget } from '../utils/format';
import { RoomCell } from './alarm-table';
import { kindStyles, Pill, stateStyles } from './pills';
import { DetailField } from '@/components/ui/detail-field';

/**
 * One alarm: room (a link to its page) and floor, kind and state, since, value and target, who
 * acknowledged it with their note, when it cleared; the acknowledge button for managers. An
 * alarm of no room (device-offline) is headed by its kind and has no value or target; a device's
 * alarm (issue 36) names its device.
 */
export const AlarmItem = memo(function AlarmItem({
  alarm,
  roomHref,
  floorLabel,
  now,
  onAcknowledge,
  selected = null,
  onToggle,
  measure,
  index,
}: {
  alarm: Alarm;
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
  now: Date;
  /** Only for users with the manage capability and only while the alarm is active. */
  onAcknowledge: ((alarm: Alarm) => void) | null;
  /** The console's selection (issue 32): null without; only active alarms have a checkbox. */
  selected?: boolean | null;
  onToggle?: (id: number) => void;
  /** The virtualizer's measuring ref, with the item's index. */
  measure?: (element: Element | null) => void;
  index?: number;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const stateId = `alarms.state.${alarm.state}`;
  const kind = alarmKindLabel(intl, alarm);
  // The device a device's alarm is about, with the kind (checkbox and button labels).
  const title = alarmTitle(intl, alarm);
  const when = (value: unknown) => formatAlarmTime(intl, value, now);
  return (
    <li
      ref={measure}
      data-index={index}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-white/10 dark:bg-slate-900"
      data-testid="alarm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          {selected !== null && alarm.state === 'active' && (
            <input
              type="checkbox"
              className="mt-1 size-5 shrink-0 accent-primary"
              checked={selected}
              onChange={() => onToggle?.(alarm.id)}
              aria-label={intl.formatMessage(
                { id: 'alarms.select.one' },
                { room: alarm.room_name ?? '–', kind: title },
              )}
            />
          )}
          <div className="min-w-0">
            <h3 className="font-semibold break-words">
              {alarm.room === null ? kind : <RoomCell alarm={alarm} href={roomHref} />}
            </h3>
            {alarm.floor !== null && (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {floorLabel(alarm.floor)}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-1.5">
          <Pill className={kindStyles[alarm.kind]}>{kind}</Pill>
          <Pill className={stateStyles[alarm.state]}>
            {intl.messages[stateId] ? t(stateId) : alarm.state}
          </Pill>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
        {alarm.device != null && (
          <DetailField label={t('alarms.field.device')}>
            <span data-testid="alarm-device">{alarm.device}</span>
          </DetailField>
        )}
        <DetailField label={t('alarms.field.since')}>{when(alarm.since)}</DetailField>
        {alarm.room !== null && (
          <DetailField label={t('alarms.field.valueTarget')}>
            {alarmValueTarget(intl, alarm)}
          </DetailField>
        )}
        {alarm.acknowledged_by && (
          <DetailField label={t('alarms.field.acknowledged')}>
            {intl.formatMessage(
              { id: 'alarms.acknowledgedBy' },
              { user: alarm.acknowledged_by, time: when(alarm.acknowledged_at) },
            )}
          </DetailField>
        )}
        {alarm.cleared_at && (
          <DetailField label={t('alarms.field.cleared')}>{when(alarm.cleared_at)}</DetailField>
        )}
        {alarm.note && (
          <div className="col-span-full min-w-0">
            <dt className="text-xs text-slate-600 dark:text-slate-300">{t('alarms.field.note')}</dt>
            <dd className="break-words whitespace-pre-wrap">{alarm.note}</dd>
          </div>
        )}
      </dl>
      {onAcknowledge && alarm.state === 'active' && (
        <div>
          <Button size="sm" onClick={() => onAcknowledge(alarm)}>
            {t('alarms.ack.open')}
            <span className="sr-only">
              {alarm.room === null
                ? intl.formatMessage({ id: 'alarms.ack.whichNoRoom' }, { kind })
                : intl.formatMessage(
                    { id: 'alarms.ack.which' },
                    { room: alarm.room_name, kind: title },
                  )}
            </span>
          </Button>
        </div>
      )}
    </li>
  );
});
