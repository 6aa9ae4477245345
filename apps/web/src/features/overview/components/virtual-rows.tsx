import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import type { OverviewRow } from '../utils/rows';
import type { RowProps } from './overview-table';
import { OverviewTableRow } from './table-row';

const ROW_HEIGHT = 41;

/**
 * The rows near the viewport of a long table, between two spacer rows; every row keeps its
 * aria-rowindex so the table's semantics stay those of the whole list (aria-rowcount).
 */
export default function VirtualRows({
  rows,
  columns,
  roomHref,
  now,
  selection,
}: RowProps & { rows: readonly OverviewRow[]; columns: number }) {
  const intl = useIntl();
  // The page scrolls, not the table: the rows' distance from the document's top is the margin.
  const [margin, setMargin] = useState(0);
  const markerRef = useCallback((node: HTMLTableRowElement | null) => {
    if (node) setMargin(node.getBoundingClientRect().top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    // Rows beyond the viewport, each side: every one is laid out on each render; 4 rows of 41 px
    // cover a fast wheel turn (was 12: a third more rows in the first render's layout).
    overscan: 4,
    scrollMargin: margin,
    getItemKey: (index) => rows[index]?.id ?? index,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0]!.start - margin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items.at(-1)!.end - margin) : 0;
  return (
    <>
      <tr ref={markerRef} aria-hidden="true" style={{ height: Math.max(0, before) }}>
        <td colSpan={columns} className="p-0" />
      </tr>
      {items.map((item) => {
        const row = rows[item.index]!;
        return (
          <OverviewTableRow
            key={row.id}
            row={row}
            rowIndex={item.index + 2}
            measure={virtualizer.measureElement}
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
