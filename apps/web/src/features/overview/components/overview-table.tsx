import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useDeferredValue, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { usePainted } from '@/lib/after-paint';
import { SORT_KEYS, type OverviewSort, type SortKey } from '../utils/query';
import type { OverviewRow } from '../utils/rows';
import { OverviewTableRow } from './table-row';
import { VirtualRows } from './virtual-rows';

export interface Selection {
  selected: ReadonlySet<number>;
  toggle: (roomId: number) => void;
  /** Select (true) or clear (false) every shown row. */
  setAll: (all: boolean) => void;
}

const ariaSort = (sort: OverviewSort | null, key: SortKey) =>
  sort?.key === key ? (sort.descending ? 'descending' : 'ascending') : 'none';

/** From this many rows on, only the rows near the viewport are in the DOM. */
export const VIRTUAL_FROM = 80;

/** The body's rows before its first render (see bodyShown below). */
const NO_ROWS: readonly OverviewRow[] = [];

const numeric = new Set<SortKey>(['current', 'target', 'deviation', 'humidity', 'valve']);

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
  // The body is drawn in renders of its own: the table's frame first, then its rows, after its
  // paint (a background render; a deferred initial value would not split when the table itself
  // mounts in a background render); and a sort or a filter redraws the header at once and the
  // rows after it (useDeferredValue: React's way for a costly render of a changed value). On
  // the 1,000-room building at 4x CPU, one task for all of it took 130–200 ms (issue 13).
  const bodyShown = usePainted();
  const deferredRows = useDeferredValue(rows);
  const bodyRows = bodyShown ? deferredRows : NO_ROWS;
  const virtual = bodyRows.length >= VIRTUAL_FROM;
  const columns = SORT_KEYS.length + (selection ? 1 : 0);
  const rowProps = { roomHref, now, selection };
  return (
    <table className="w-full min-w-[60rem] border-collapse text-sm" aria-rowcount={rows.length + 1}>
      <caption className="sr-only">{t('dashboard.title')}</caption>
      {/* Stays below the app's header (and the group toolbar) while the rows scroll by, unless the
          table scrolls sideways in its box (useScrollWhenWider): then the box, not the page,
          would be what it sticks to. */}
      <thead className="sticky top-[calc(var(--below-header)+var(--toolbar-h,0px))] z-[1] bg-slate-50 text-left text-slate-700 shadow-[inset_0_-1px_0] shadow-slate-200 group-data-scroll/table:static dark:bg-slate-800 dark:text-slate-200 dark:shadow-white/10">
        <tr aria-rowindex={1}>
          {selection && (
            <th scope="col" className="w-8 px-2 py-2">
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
                  'px-0.5 py-1 font-semibold whitespace-nowrap',
                  numeric.has(key) && 'text-right',
                )}
              >
                <button
                  type="button"
                  onClick={() => onSort(key)}
                  className="inline-flex items-center rounded px-1 py-1 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-700"
                >
                  {t(`overview.col.${key}`)}
                  <Icon
                    aria-hidden="true"
                    className={cn('size-3', state === 'none' && 'opacity-50')}
                  />
                </button>
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {virtual ? (
          <VirtualRows rows={bodyRows} columns={columns} {...rowProps} />
        ) : (
          <PlainRows rows={bodyRows} {...rowProps} />
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
