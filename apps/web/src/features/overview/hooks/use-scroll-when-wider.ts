import { useCallback } from 'react';

/**
 * How much wider than its box a table may be and still only clip: the last cell's right padding
 * (px-2). On the 1,000-room building at 1280 px with the sidebar open the table is 1.3 px wider
 * than its box, 8 px beside a classic 15-px page scrollbar; scrolling sideways for that showed a
 * horizontal scrollbar under the table and would lose the sticky header.
 */
const CLIPPED_PADDING_PX = 8;

/**
 * A ref for the box around a wide table: it gets `data-scroll` while the table is wider than the
 * box. The box scrolls sideways only then (`data-scroll:overflow-x-auto`): a box that scrolls
 * sideways is also the box a sticky header sticks to, so the header could not stay in view while
 * the page scrolls. Without `data-scroll` the box only clips, and the header sticks below the
 * app's header.
 *
 * The attribute is set in the ResizeObserver's callback, not through React state: the callback
 * runs after layout and before paint, so a box that turns out too narrow never paints a clipped
 * table, and a table that fits (the desktop's case) costs no second layout.
 */
export function useScrollWhenWider<Box extends HTMLElement>() {
  return useCallback((box: Box | null) => {
    const table = box?.querySelector('table');
    if (!box || !table || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      box.toggleAttribute('data-scroll', table.offsetWidth > box.clientWidth + CLIPPED_PADDING_PX);
    });
    // The box: the window or the sidebar changed its width; the table: wider rows came into view.
    observer.observe(box);
    observer.observe(table);
    return () => observer.disconnect();
  }, []);
}
