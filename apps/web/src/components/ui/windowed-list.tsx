import type { ReactNode } from 'react';
import { useWindowList } from '@/lib/use-window-list';
import { cn } from './cn';

/** Where a drawn item reports its height (a long list measures what it draws). */
export type Measure = ((element: Element | null) => void) | undefined;

interface WindowedProps<T> {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  /** What the table or list is, for screen readers. */
  label: string;
  /** One item as drawn: a `<tr>` in the table, an `<li>` in the cards; `measure` as its ref. */
  render: (item: T, index: number, measure: Measure) => ReactNode;
}

/**
 * A table with a sticky header, one row per item, only the rows near the viewport drawn on a
 * long list (aria-rowcount keeps the whole list's size). The column `actions` is right-aligned
 * and named for screen readers only.
 */
export function WindowedTable<T>({
  items,
  itemKey,
  label,
  columns,
  render,
}: WindowedProps<T> & { columns: readonly { id: string; label: string }[] }) {
  const { indexes, before, after, startRef, measure } = useWindowList<HTMLTableRowElement>({
    count: items.length,
    itemKey: (index) => (items[index] === undefined ? index : itemKey(items[index])),
    estimate: 57,
  });
  return (
    <table className="w-full border-collapse text-sm" aria-rowcount={items.length + 1}>
      <caption className="sr-only">{label}</caption>
      <thead className="sticky top-[var(--below-header)] z-[1] bg-slate-50 text-left text-slate-700 shadow-[inset_0_-1px_0] shadow-slate-200 dark:bg-slate-800 dark:text-slate-200 dark:shadow-white/10">
        <tr aria-rowindex={1}>
          {columns.map((column) => (
            <th
              key={column.id}
              scope="col"
              className={cn(
                'px-2 py-2 font-semibold whitespace-nowrap first:px-3',
                column.id === 'actions' && 'text-right',
              )}
            >
              {column.id === 'actions' ? (
                <span className="sr-only">{column.label}</span>
              ) : (
                column.label
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr ref={startRef} aria-hidden="true" style={{ height: before }}>
          <td colSpan={columns.length} className="p-0" />
        </tr>
        {indexes.map((index) => render(items[index]!, index, measure))}
        {after > 0 && (
          <tr aria-hidden="true" style={{ height: after }}>
            <td colSpan={columns.length} className="p-0" />
          </tr>
        )}
      </tbody>
    </table>
  );
}

/** The same items on a phone: one card each, near the viewport only on a long list. */
export function WindowedCards<T>({
  items,
  itemKey,
  label,
  render,
  estimate,
}: WindowedProps<T> & { estimate: number }) {
  const { indexes, before, after, startRef, measure } = useWindowList<HTMLDivElement>({
    count: items.length,
    itemKey: (index) => (items[index] === undefined ? index : itemKey(items[index])),
    estimate,
  });
  return (
    <div>
      <div ref={startRef} aria-hidden="true" style={{ height: before }} />
      <ul className="flex flex-col gap-3" aria-label={label}>
        {indexes.map((index) => render(items[index]!, index, measure))}
      </ul>
      {after > 0 && <div aria-hidden="true" style={{ height: after }} />}
    </div>
  );
}
