import { memo, useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import type { Alarm } from '../api/alarm-types';
import { useWindowList } from '@/lib/use-window-list';
import { formatAlarmTime } from '../utils/alarm-time';
import { alarmKindLabel, alarmTitle, alarmValueTarget } from '../utils/format';
import { kindStyles, Pill, stateStyles } from './pills';

export interface AlarmSelection {
  selected: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** Select (true) or clear (false) every selectable alarm of the list. */
  setAll: (all: boolean) => void;
  /** How many of the list may be selected (the active ones). */
  selectable: number;
}

export interface AlarmListProps {
  alarms: readonly Alarm[];
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
  now: Date;
  selection: AlarmSelection | null;
}

const COLUMNS = [
  'room',
  'floor',
  'kind',
  'since',
  'state',
  'valueTarget',
  'acknowledged',
  'note',
  'cleared',
];

/** The room as a link to its page; an alarm without a room (the controller's own) shows "–". */
export function RoomCell({ alarm, href }: { alarm: Alarm; href: (roomId: number) => string }) {
  if (typeof alarm.room !== 'number') return <span>–</span>;
  return (
    <Link
      to={href(alarm.room)}
      className="font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-sky-300"
    >
      {alarm.room_name}
    </Link>
  );
}

const Row = memo(function Row({
  alarm,
  intl,
  now,
  roomHref,
  floorLabel,
  selected,
  onToggle,
  rowIndex,
  measure,
  index,
}: {
  alarm: Alarm;
  intl: IntlShape;
  now: Date;
  roomHref: (roomId: number) => string;
  floorLabel: (name: string) => string;
  selected: boolean | null;
  onToggle?: (id: number) => void;
  rowIndex: number;
  measure?: (element: Element | null) => void;
  index: number;
}) {
  const when = (value: unknown) => formatAlarmTime(intl, value, now);
  const stateId = `alarms.state.${alarm.state}`;
  const kind = alarmKindLabel(intl, alarm);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={rowIndex}
      aria-selected={selected ?? undefined}
      className="border-b border-slate-200 align-top dark:border-white/10"
    >
      {selected !== null && (
        <td className="px-3 py-2">
          {alarm.state === 'active' && (
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={selected}
              onChange={() => onToggle?.(alarm.id)}
              aria-label={intl.formatMessage(
                { id: 'alarms.select.one' },
                { room: alarm.room_name ?? '–', kind: alarmTitle(intl, alarm) },
              )}
            />
          )}
        </td>
      )}
      <td className="px-2 py-2">
        <RoomCell alarm={alarm} href={roomHref} />
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{floorLabel(alarm.floor ?? '')}</td>
      <td className="px-2 py-2">
        <Pill className={kindStyles[alarm.kind]}>{kind}</Pill>
        {alarm.device != null && (
          <div
            className="mt-1 max-w-56 text-xs break-words text-slate-700 dark:text-slate-300"
            data-testid="alarm-device"
          >
            {intl.formatMessage({ id: 'alarms.device' }, { device: alarm.device })}
          </div>
        )}
      </td>
      <td className="px-2 py-2 whitespace-nowrap">{when(alarm.since)}</td>
      <td className="px-2 py-2">
        <Pill className={stateStyles[alarm.state]}>
          {intl.messages[stateId] ? intl.formatMessage({ id: stateId }) : alarm.state}
        </Pill>
      </td>
      <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
        {alarmValueTarget(intl, alarm)}
      </td>
      <td className="px-2 py-2">
        {alarm.acknowledged_by
          ? intl.formatMessage(
              { id: 'alarms.acknowledgedBy' },
              { user: alarm.acknowledged_by, time: when(alarm.acknowledged_at) },
            )
          : ''}
      </td>
      <td className="max-w-64 px-2 py-2 break-words whitespace-pre-wrap">{alarm.note ?? ''}</td>
      <td className="px-2 py-2 whitespace-nowrap">
        {alarm.cleared_at ? when(alarm.cleared_at) : ''}
      </td>
    </tr>
  );
});

/**
 * The console's table (issue 32): a real table whose header stays below the app's header while
 * the page scrolls, one row per alarm, a checkbox per active alarm for managers, and only the
 * rows near the viewport drawn on a long list (aria-rowcount keeps the whole list's size).
 */
export function AlarmTable({ alarms, roomHref, floorLabel, now, selection }: AlarmListProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const allRef = useRef<HTMLInputElement>(null);
  const chosen = selection?.selected.size ?? 0;
  const all = selection !== null && selection.selectable > 0 && chosen === selection.selectable;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  const { indexes, before, after, startRef, measure } = useWindowList<HTMLTableRowElement>({
    count: alarms.length,
    itemKey: (index) => alarms[index]?.id ?? index,
    estimate: 41,
  });
  const columns = COLUMNS.length + (selection ? 1 : 0);
  return (
    <table className="w-full border-collapse text-sm" aria-rowcount={alarms.length + 1}>
      <caption className="sr-only">{t('alarms.table.caption')}</caption>
      <thead className="sticky top-[var(--below-header)] z-[1] bg-slate-50 text-left text-slate-700 shadow-[inset_0_-1px_0] shadow-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:shadow-white/10">
        <tr aria-rowindex={1}>
          {selection && (
            <th scope="col" className="w-10 px-3 py-2">
              <input
                ref={allRef}
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={t('alarms.select.allShown')}
                checked={all}
                disabled={selection.selectable === 0}
                onChange={(event) => selection.setAll(event.target.checked)}
              />
            </th>
          )}
          {COLUMNS.map((column) => (
            <th
              key={column}
              scope="col"
              className={cn(
                'px-2 py-2 font-semibold whitespace-nowrap',
                column === 'valueTarget' && 'text-right',
              )}
            >
              {t(`alarms.col.${column}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr ref={startRef} aria-hidden="true" style={{ height: before }}>
          <td colSpan={columns} className="p-0" />
        </tr>
        {indexes.map((index) => {
          const alarm = alarms[index]!;
          return (
            <Row
              key={alarm.id}
              alarm={alarm}
              index={index}
              rowIndex={index + 2}
              intl={intl}
              now={now}
              roomHref={roomHref}
              floorLabel={floorLabel}
              selected={selection ? selection.selected.has(alarm.id) : null}
              onToggle={selection?.toggle}
              measure={measure}
            />
          );
        })}
        {after > 0 && (
          <tr aria-hidden="true" style={{ height: after }}>
            <td colSpan={columns} className="p-0" />
          </tr>
        )}
      </tbody>
    </table>
  );
}
