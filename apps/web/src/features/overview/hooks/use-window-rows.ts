import { useWindowVirtualizer, windowScroll } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, type RefObject } from 'react';

/** Where a long list starts on the page and how much room one item takes, as drawn. */
interface ListBox {
  /** The list's distance from the document's top (the page scrolls, not the list). */
  margin: number;
  /** One item's height, without the gap. */
  size: number;
}

/**
 * The last box drawn per list: a list opened again (back from a room) starts where the last
 * one was, so its first items are the right ones without a second render.
 */
const lastBoxes = new Map<string, ListBox>();

/**
 * The items of a long list near the viewport (TanStack Virtual on the window), for lists whose
 * items stay in the document's flow between two spacers: a table's rows, a list's cards. An
 * estimate a little off therefore only moves the spacers.
 *
 * Nothing here reads a box while React commits: a read there forces style and layout into the
 * commit's task (measureElement on every row, then the margin, made the overview's first render
 * one task of ~180 ms at 4x CPU on the 1,000-room building). A ResizeObserver reads where the
 * list starts (`startRef`, the element at the top of the first item's place) and the first
 * item's height (`firstRef`) after the browser has laid the page out anyway.
 */
export function useWindowRows<Start extends Element, First extends Element>({
  name,
  count,
  itemKey,
  defaultSize,
  gap = 0,
  overscan,
}: {
  /** Which list, for the box remembered between two visits. */
  name: string;
  count: number;
  itemKey: (index: number) => number;
  /** An item's height in the app's default type size. */
  defaultSize: number;
  gap?: number;
  overscan: number;
}) {
  const startRef = useRef<Start>(null);
  const firstRef = useRef<First>(null);
  const [box, setBox] = useState(() => lastBoxes.get(name) ?? { margin: 0, size: defaultSize });
  useEffect(() => {
    const start = startRef.current;
    if (!start || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const size = firstRef.current?.getBoundingClientRect().height;
      const next = {
        margin: start.getBoundingClientRect().top + window.scrollY,
        size: size || (lastBoxes.get(name)?.size ?? defaultSize),
      };
      lastBoxes.set(name, next);
      setBox((current) =>
        Math.abs(current.margin - next.margin) < 1 && Math.abs(current.size - next.size) < 0.5
          ? current
          : next,
      );
    });
    // The body: content above the list (a toolbar, a message) moves it; the list: items drawn
    // taller or shorter (another type size) change its height.
    observer.observe(document.body);
    observer.observe(start.parentElement ?? start);
    return () => observer.disconnect();
  }, [name, defaultSize]);
  const started = useRef(false);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => box.size,
    gap,
    overscan,
    scrollMargin: box.margin,
    // The window's size from the start: without it the first render shows the overscan items
    // only, and the size reported on mount re-renders every item synchronously in the commit.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    getItemKey: itemKey,
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
  // A new item height re-estimates every item (the virtualizer keeps its estimates until told).
  const measuredFor = useRef(box.size);
  useEffect(() => {
    if (measuredFor.current === box.size) return;
    measuredFor.current = box.size;
    virtualizer.measure();
  }, [virtualizer, box.size]);
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? Math.max(0, items[0]!.start - box.margin) : 0;
  const after =
    items.length > 0
      ? Math.max(0, virtualizer.getTotalSize() - (items.at(-1)!.end - box.margin))
      : 0;
  return {
    items,
    /** Space for the items above the drawn ones, and below them. */
    before,
    after,
    startRef: startRef as RefObject<Start | null>,
    firstRef: firstRef as RefObject<First | null>,
  };
}
