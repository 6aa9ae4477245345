import { useCallback } from 'react';

/**
 * A ref for the sticky group toolbar: its height goes to `--toolbar-h` on its parent (the
 * overview), so that the table's sticky column headers stop below the toolbar instead of under
 * it. Set in the ResizeObserver's callback (after layout, before paint), like
 * useScrollWhenWider's attribute, so no frame shows the headers in the wrong place.
 */
export function useToolbarOffset<Block extends HTMLElement>() {
  return useCallback((block: Block | null) => {
    const overview = block?.parentElement;
    if (!block || !overview || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      overview.style.setProperty('--toolbar-h', `${block.offsetHeight}px`);
    });
    observer.observe(block);
    return () => {
      observer.disconnect();
      overview.style.removeProperty('--toolbar-h');
    };
  }, []);
}
