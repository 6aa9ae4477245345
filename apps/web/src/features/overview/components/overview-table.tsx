import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { SORT_KEYS, type OverviewSort, type SortKey } from '../utils/query';
import type { OverviewRow } from '../utils/rows';
import { OverviewTableRow } from './table-row';

/** The virtualizer loads only for a big building (its own chunk). */
const VirtualRows = lazy(() => import('./virtual-rows'));

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (roomId: number) => void;
  /** Select (true) or clear (false) every shown row. */
  setAll: (all: boolean) => void;
}

const ariaSort = (sort: OverviewSort | null, key: SortKey) =>
  sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none';

/** From this many rows on, only the rows near the viewport are in the DOM. */
const VIRTUAL_FROM = 80;

/**
 * While the virtualizer's chunk loads: a screenful of rows, not VIRTUAL_FROM. Every row put in
 * the DOM is laid out and then replaced by the virtual rows; at 4x CPU the 80-row stand-in made
 * the first render's style and layout one task of ~90 ms (docs/quality.md, issue 19).
 */
const STAND_IN_ROWS = 24;

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
  const virtual = rows.length >= VIRTUAL_FROM;
  const columns = SORT_KEYS.length + (selection ? 1 : 0);
  const rowProps = { roomHref, now, selection };
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
        {virtual ? (
          <Suspense fallback={<PlainRows rows={rows.slice(0, STAND_IN_ROWS)} {...rowProps} />}>
            <VirtualRows rows={rows} columns={columns} {...rowProps} />
          </Suspense>
        ) : (
          <PlainRows rows={rows} {...rowProps} />
        )}
      </tbody>
    </table>
  );
}

export interface RowProps {
  roomHref: (roomId: number) => string;
  now: Date;
  selection: Selection | null;
}

function PlainRows({
  rows,
  roomHref,
  now,
  selection,
}: RowProps & { rows: readonly OverviewRow[] }) {
  const intl = useIntl();
  return rows.map((row, index) => (
    <OverviewTableRow
      key={row.id}
      row={row}
      rowIndex={index + 2}
      dataIndex={index}
      intl={intl}
      href={roomHref(row.id)}
      now={now}
      selected={selection ? selection.selected.has(row.id) : null}
      onToggle={selection?.toggle}
    />
  ));
}
