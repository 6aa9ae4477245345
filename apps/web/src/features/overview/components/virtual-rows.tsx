import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { usePainted } from '@/lib/after-paint';
import { useWindowRows } from '../hooks/use-window-rows';
import type { OverviewRow } from '../utils/rows';
import type { RowProps } from './overview-table';
import { OverviewTableRow } from './table-row';

/** Rows drawn in a long table's first frame (see allDrawn). */
const FIRST_ROWS = 8;

/** The longest room and floor names in the list (by characters, a close enough stand-in). */
function longestNames(rows: readonly OverviewRow[]) {
  let name = '';
  let floor = '';
  for (const row of rows) {
    if (row.name.length > name.length) name = row.name;
    if (row.floorName.length > floor.length) floor = row.floorName;
  }
  return { name, floor };
}

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
  const widest = useMemo(() => longestNames(rows), [rows]);
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
  // The first screenful in two frames: the top rows first, the rest (and the overscan) after
  // their paint. Drawing ~20 rows of a cold page at once was a 65 ms task at 4x CPU (style,
  // layout and paint of ~370 elements).
  const allDrawn = usePainted();
  const drawn = allDrawn ? items : items.slice(0, FIRST_ROWS);
  const spaceAfter =
    drawn.length === items.length ? after : after + (items.at(-1)!.end - drawn.at(-1)!.end);
  return (
    <>
      {/* Sizes the name and floor columns for the whole list, not the rows drawn now: without it
          the columns moved sideways while the list scrolled (up to 34 px at 1600 px in English).
          A collapsed row takes part in the column widths but has no height and is not shown. */}
      <tr aria-hidden="true" className="[visibility:collapse]">
        {selection && <td className="px-3" />}
        <td className="px-2 font-medium whitespace-nowrap">{widest.name}</td>
        <td className="px-2 whitespace-nowrap">{widest.floor}</td>
        <td colSpan={columns - (selection ? 3 : 2)} className="p-0" />
      </tr>
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
