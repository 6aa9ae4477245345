import { useIntl } from 'react-intl';
import { useWindowRows } from '../hooks/use-window-rows';
import type { OverviewRow } from '../utils/rows';
import type { RowProps } from './overview-table';
import { OverviewTableRow } from './table-row';

/**
 * The rows near the viewport of a long table, between two spacer rows; every row keeps its
 * aria-rowindex so the table's semantics stay those of the whole list (aria-rowcount).
 */
export function VirtualRows({
  rows,
  columns,
  roomHref,
  now,
  selection,
}: RowProps & { rows: readonly OverviewRow[]; columns: number }) {
  const intl = useIntl();
  const { items, before, after, startRef, firstRef } = useWindowRows<
    HTMLTableRowElement,
    HTMLTableRowElement
  >({
    name: 'overview-table',
    count: rows.length,
    itemKey: (index) => rows[index]?.id ?? index,
    // One line of text-sm with py-2 and a border.
    defaultSize: 38,
    // Rows beyond the viewport, each side: every one is laid out on each render; 4 rows of 38 px
    // cover a fast wheel turn (was 12: a third more rows in the first render's layout).
    overscan: 4,
  });
  return (
    <>
      <tr ref={startRef} aria-hidden="true" style={{ height: before }}>
        <td colSpan={columns} className="p-0" />
      </tr>
      {items.map((item, position) => {
        const row = rows[item.index]!;
        return (
          <OverviewTableRow
            key={row.id}
            row={row}
            rowIndex={item.index + 2}
            rowRef={position === 0 ? firstRef : undefined}
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
