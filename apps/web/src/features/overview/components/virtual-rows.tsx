import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { OverviewRow } from '../utils/rows';
import type { RowProps } from './overview-table';
import { OverviewTableRow } from './table-row';

/** Where the rows start on the page and how tall one is, as drawn. */
interface RowBox {
  /** The rows' distance from the document's top (the page scrolls, not the table). */
  margin: number;
  rowHeight: number;
}

/**
 * The last box drawn: a table opened again (back from a room) starts where the last one was,
 * so its first rows are the right ones without a second render. A row is 38 px in the app's
 * default type size.
 */
let lastBox: RowBox = { margin: 0, rowHeight: 38 };

/**
 * The rows near the viewport of a long table, between two spacer rows; every row keeps its
 * aria-rowindex so the table's semantics stay those of the whole list (aria-rowcount).
 *
 * Nothing here reads a box while React commits: a read there forces style and layout into the
 * commit's task (measureElement on every row, then the margin, made the first render one task
 * of ~180 ms at 4x CPU on the 1,000-room building). A ResizeObserver reads the margin and the
 * first row's height after the browser has laid the page out anyway. The rows are in the
 * table's flow (not positioned), so an estimate a little off only moves the spacers.
 */
export function VirtualRows({
  rows,
  columns,
  roomHref,
  now,
  selection,
}: RowProps & { rows: readonly OverviewRow[]; columns: number }) {
  const intl = useIntl();
  const [box, setBox] = useState(lastBox);
  const markerRef = useRef<HTMLTableRowElement>(null);
  const firstRowRef = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    const marker = markerRef.current;
    if (!marker || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const rowHeight = firstRowRef.current?.getBoundingClientRect().height;
      const next = {
        margin: marker.getBoundingClientRect().top + window.scrollY,
        rowHeight: rowHeight || lastBox.rowHeight,
      };
      lastBox = next;
      setBox((current) =>
        Math.abs(current.margin - next.margin) < 1 &&
        Math.abs(current.rowHeight - next.rowHeight) < 0.5
          ? current
          : next,
      );
    });
    // The body: content above the table (a toolbar, a message) moves the rows; the table: rows
    // drawn taller or shorter (another type size) change its height.
    observer.observe(document.body);
    observer.observe(marker.closest('table') ?? marker);
    return () => observer.disconnect();
  }, []);
  const { margin, rowHeight } = box;
  const started = useRef(false);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => rowHeight,
    // Rows beyond the viewport, each side: every one is laid out on each render; 4 rows of 38 px
    // cover a fast wheel turn (was 12: a third more rows in the first render's layout).
    overscan: 4,
    scrollMargin: margin,
    // The window's size from the start: without it the first render shows the overscan rows
    // only, and the size reported on mount re-renders every row synchronously in the commit.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey: (index) => rows[index]?.id ?? index,
    // Its first write scrolls the window to where it already is; in React's commit that write
    // makes the browser lay the page out at once (a forced layout in the commit's task). Only
    // real moves scroll.
    scrollToFn: (offset, options, instance) => {
      if (!started.current) {
        started.current = true;
        return;
      }
      windowScroll(offset, options, instance);
    },
  });
  // A new row height re-estimates every row (the virtualizer keeps its estimates until told).
  const measuredFor = useRef(rowHeight);
  useEffect(() => {
    if (measuredFor.current === rowHeight) return;
    measuredFor.current = rowHeight;
    virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - margin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - margin) : 0;
  return (
    <>
      <tr ref={markerRef} aria-hidden="true" style={{ height: Math.max(0, before) }}>
        <td colSpan={columns} className="p-0" />
      </tr>
      {items.map((item, position) => {
        const row = rows[item.index]!;
        return (
          <OverviewTableRow
            key={row.id}
            row={row}
            rowIndex={item.index + 2}
            rowRef={position === 0 ? firstRowRef : undefined}
            dataIndex={item.index}
            intl={intl}
            href={roomHref(row.id)}
            now={now}
            selected={selection ? selection.selected.has(row.id) : null}
            onToggle={selection?.toggle}
          />
        );
      })}
      {after > 0 && (
        <tr aria-hidden="true" style={{ height: after }}>
          <td colSpan={columns} className="p-0" />
        </tr>
      )}
    </>
  );
}
