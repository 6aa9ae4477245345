import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, useEffect, useRef } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import {
  formatDeviation,
  formatHumidity,
  formatNext,
  formatStatus,
  formatTemp,
  formatWhen,
} from '../utils/format';
import { SORT_KEYS, type OverviewSort, type SortKey } from '../utils/query';
import { DEVIATION_LIMIT_K, type OverviewRow } from '../utils/rows';

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (roomId: number) => void;
  /** Select (true) or clear (false) every shown row. */
  setAll: (all: boolean) => void;
}

const ariaSort = (sort: OverviewSort | null, key: SortKey) =>
  sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none';

const numeric = new Set<SortKey>(['current', 'target', 'deviation', 'humidity']);

/** The room table: a real table, sortable by every column, with a checkbox per row for writers. */
export function OverviewTable({
  rows,
  sort,
  onSort,
  roomHref,
  now,
  selection,
}: {
  rows: readonly OverviewRow[];
  sort: OverviewSort | null;
  onSort: (key: SortKey) => void;
  roomHref: (roomId: number) => string;
  now: Date;
  selection: Selection | null;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const allRef = useRef<HTMLInputElement>(null);
  const selectedShown = selection ? rows.filter((row) => selection.selected.has(row.id)).length : 0;
  const all = rows.length > 0 && selectedShown === rows.length;
  useEffect(() => {
    if (allRef.current) allRef.current.indeterminate = selectedShown > 0 && !all;
  }, [selectedShown, all]);
  return (
    <table className="w-full min-w-[60rem] border-collapse text-sm" aria-rowcount={rows.length + 1}>
      <caption className="sr-only">{t('dashboard.title')}</caption>
      <thead className="bg-slate-50 text-left text-slate-700 dark:bg-slate-800 dark:text-slate-200">
        <tr aria-rowindex={1}>
          {selection && (
            <th scope="col" className="w-10 px-3 py-2">
              <input
                ref={allRef}
                type="checkbox"
                className="size-4 accent-primary"
                aria-label={t('overview.selectAll')}
                checked={all}
                onChange={(event) => selection.setAll(event.target.checked)}
              />
            </th>
          )}
          {SORT_KEYS.map((key) => {
            const state = ariaSort(sort, key);
            const Icon =
              state === 'ascending' ? ArrowUp : state === 'descending' ? ArrowDown : ArrowUpDown;
            return (
              <th
                key={key}
                scope="col"
                aria-sort={state}
                className={cn(
                  'px-2 py-1 font-semibold whitespace-nowrap',
                  numeric.has(key) && 'text-right',
                )}
              >
                <button
                  type="button"
                  onClick={() => onSort(key)}
                  className="inline-flex items-center gap-1 rounded px-1 py-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-700"
                >
                  {t(`overview.col.${key}`)}
                  <Icon
                    aria-hidden="true"
                    className={cn('size-3.5', state === 'none' && 'opacity-50')}
                  />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <OverviewTableRow
            key={row.id}
            row={row}
            rowIndex={index + 2}
            intl={intl}
            href={roomHref(row.id)}
            now={now}
            selected={selection ? selection.selected.has(row.id) : null}
            onToggle={selection?.toggle}
          />
        ))}
      </tbody>
    </table>
  );
}

const OverviewTableRow = memo(function OverviewTableRow({
  row,
  rowIndex,
  intl,
  href,
  now,
  selected,
  onToggle,
}: {
  row: OverviewRow;
  rowIndex: number;
  intl: IntlShape;
  href: string;
  now: Date;
  selected: boolean | null;
  onToggle?: (roomId: number) => void;
}) {
  const off = row.deviation !== null && Math.abs(row.deviation) > DEVIATION_LIMIT_K;
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-selected={selected ?? undefined}
      className={cn(
        'border-t border-slate-200 dark:border-white/10',
        selected && 'bg-primary/5 dark:bg-primary/15',
      )}
    >
      {selected !== null && (
        <td className="px-3 py-2">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            aria-label={intl.formatMessage({ id: 'overview.selectRoom' }, { room: row.name })}
            checked={selected}
            onChange={() => onToggle?.(row.id)}
          />
        </td>
      )}
      <td className="px-3 py-2 font-medium">
        <Link
          to={href}
          className="text-primary underline-offset-2 hover:underline dark:text-sky-300"
        >
          {row.name}
        </Link>
      </td>
      <td className="px-3 py-2">{row.floorName}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatTemp(intl, row.current)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatTemp(intl, row.target)}</td>
      <td
        className={cn(
          'px-3 py-2 text-right whitespace-nowrap tabular-nums',
          off && 'font-semibold',
          off &&
            (row.deviation! < 0
              ? 'text-sky-800 dark:text-sky-300'
              : 'text-red-700 dark:text-red-300'),
        )}
      >
        {formatDeviation(intl, row.deviation)}
      </td>
      <td
        className={cn('px-3 py-2', row.silent && 'font-medium text-amber-800 dark:text-amber-300')}
      >
        {formatStatus(intl, row, now)}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatNext(intl, row, now)}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatHumidity(intl, row.humidity)}</td>
      <td className="px-3 py-2 whitespace-nowrap tabular-nums">
        {row.updated ? formatWhen(intl, row.updated, now) : ''}
      </td>
    </tr>
  );
});
