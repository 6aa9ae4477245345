import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';

/** From this many items on, only the ones near the viewport are in the DOM. */
export const VIRTUAL_FROM = 60;

/**
 * The items of a long list near the viewport (TanStack Virtual on the window: the page scrolls,
 * not the list), for items that stay in the document's flow between two spacers (a table's
 * rows, a list's cards: the alarm console, the members page). Items are measured as drawn (`measure` as their ref), since a note
 * makes one taller. Below VIRTUAL_FROM every item is drawn.
 */
export function useWindowList<Start extends HTMLElement>({
  count,
  itemKey,
  estimate,
}: {
  count: number;
  itemKey: (index: number) => number | string;
  estimate: number;
}) {
  const startRef = useRef<Start>(null);
  const [margin, setMargin] = useState(0);
  const virtual = count >= VIRTUAL_FROM;
  // Where the list starts on the page: read once drawn, and again whenever the page's layout
  // changes (a result message or the filters above it move it).
  useLayoutEffect(() => {
    const start = startRef.current;
    if (!virtual || !start) return;
    const read = () => {
      const top = start.getBoundingClientRect().top + window.scrollY;
      setMargin((current) => (Math.abs(current - top) < 1 ? current : top));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [virtual]);
  const virtualizer = useWindowVirtualizer({
    count: virtual ? count : 0,
    estimateSize: () => estimate,
    overscan: 6,
    scrollMargin: margin,
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey: itemKey,
  });
  if (!virtual) {
    return {
      virtual,
      indexes: Array.from({ length: count }, (_, index) => index),
      before: 0,
      after: 0,
      startRef,
      measure: undefined,
    };
  }
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? Math.max(0, items[0]!.start - margin) : 0;
  const after =
    items.length > 0 ? Math.max(0, virtualizer.getTotalSize() - (items.at(-1)!.end - margin)) : 0;
  return {
    virtual,
    indexes: items.map((item) => item.index),
    before,
    after,
    startRef,
    measure: virtualizer.measureElement,
  };
}
