import { useIntl } from 'react-intl';
import { useAfterFirstCommit } from '../hooks/use-after-first-commit';
import { useWindowRows } from '../hooks/use-window-rows';
import type { OverviewRow } from '../utils/rows';
import type { RowProps } from './overview-table';
import { OverviewTableRow } from './table-row';

/** Rows drawn in a long table's first frame (see allDrawn). */
const FIRST_ROWS = 8;

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
  // The first screenful in two frames: the top rows first, the rest (and the overscan) in the
  // next render. Drawing ~20 rows of a cold page at once was a 65 ms task at 4x CPU (style,
  // layout and paint of ~370 elements).
  const allDrawn = useAfterFirstCommit();
  const drawn = allDrawn ? items : items.slice(0, FIRST_ROWS);
  const spaceAfter =
    drawn.length === items.length ? after : after + (items.at(-1)!.end - drawn.at(-1)!.end);
  return (
    <>
      <tr ref={startRef} aria-hidden="true" style={{ height: before }}>
        <td colSpan={columns} className="p-0" />
      </tr>
      {drawn.map((item, position) => {
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
      {spaceAfter > 0 && (
        <tr aria-hidden="true" style={{ height: spaceAfter }}>
          <td colSpan={columns} className="p-0" />
        </tr>
      )}
    </>
  );
}
