import { memo, type MouseEvent, type Ref } from 'react';
import type { IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { formatDayTime } from '@/lib/device-values';
import {
  formatDeviation,
  formatHumidity,
  formatNext,
  formatStatus,
  formatTemp,
  NO_VALUE,
} from '../utils/format';
import { offTarget, statusTone, type OverviewRow } from '../utils/rows';
import { ValveCell } from './valve-cell';

/**
 * The room page replaces the overview, and with it this link: a focused element removed makes
 * the browser settle focus with a style and layout inside React's commit (a trace of the
 * navigation showed 30 ms of it at 4x CPU). Focus leaves the link first, while the page is
 * still laid out; after the navigation it is on the page either way, not on the link.
 */
export const leaveRow = (event: MouseEvent<HTMLAnchorElement>) => event.currentTarget.blur();

/** One room's row of the overview table. */
export const OverviewTableRow = memo(function OverviewTableRow({
  row,
  rowIndex,
  rowRef,
  dataIndex,
  intl,
  href,
  now,
  selected,
  onToggle,
}: {
  row: OverviewRow;
  rowIndex: number;
  rowRef?: Ref<HTMLTableRowElement>;
  dataIndex: number;
  intl: IntlShape;
  href: string;
  now: Date;
  selected: boolean | null;
  onToggle?: (roomId: number) => void;
}) {
  const off = offTarget(row) !== null;
  return (
    <tr
      ref={rowRef}
      data-index={dataIndex}
      aria-rowindex={rowIndex}
      aria-selected={selected ?? undefined}
      className={cn(
        'border-t border-slate-200 dark:border-white/10',
        selected && 'bg-primary/5 dark:bg-primary/15',
      )}
    >
      {selected !== null && (
        <td className="px-1.5 py-2">
          <input
            type="checkbox"
            className="size-4 scroll-mt-10 accent-primary"
            aria-label={intl.formatMessage({ id: 'overview.selectRoom' }, { room: row.name })}
            checked={selected}
            onChange={() => onToggle?.(row.id)}
          />
        </td>
      )}
      <td className="px-1.5 py-2 font-medium whitespace-nowrap">
        <Link
          to={href}
          onClick={leaveRow}
          className="scroll-mt-10 text-primary underline-offset-2 hover:underline dark:text-sky-300"
        >
          {row.name}
        </Link>
      </td>
      <td className="px-1.5 py-2 whitespace-nowrap">{row.floorName}</td>
      <td className="px-1.5 py-2 text-right whitespace-nowrap tabular-nums">
        {formatTemp(intl, row.current)}
      </td>
      <td className="px-1.5 py-2 text-right whitespace-nowrap tabular-nums">
        {formatTemp(intl, row.target)}
      </td>
      <td
        className={cn(
          'px-1.5 py-2 text-right whitespace-nowrap tabular-nums',
          off && 'font-semibold',
          off &&
            (row.deviation! < 0
              ? 'text-sky-800 dark:text-sky-300'
              : 'text-red-700 dark:text-red-300'),
        )}
      >
        {formatDeviation(intl, row.deviation)}
      </td>
      <td className={cn('px-1.5 py-2', statusTone(row))}>{formatStatus(intl, row, now)}</td>
      <td className="px-1.5 py-2 whitespace-nowrap">{formatNext(intl, row, now)}</td>
      <td className="px-1.5 py-2 text-right whitespace-nowrap tabular-nums">
        {formatHumidity(intl, row.humidity)}
      </td>
      <ValveCell intl={intl} valve={row.valve} />
      <td className="px-1.5 py-2 whitespace-nowrap tabular-nums">
        {row.updated ? formatDayTime(intl, row.updated, now) : NO_VALUE}
      </td>
    </tr>
  );
});
