import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: a hover dropdown closes 150 ms after the pointer leaves it. */
export const DROPDOWN_TIMEOUT_MS = 150;

/**
 * Open on hover or click, close a moment after the pointer leaves (so crossing the gap to the
 * panel does not close it), on Escape, when focus leaves, or when `close` is called.
 */
export function useHoverMenu(timeout = DROPDOWN_TIMEOUT_MS) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const show = useCallback(() => {
    cancel();
    setOpen(true);
  }, [cancel]);
  const hideSoon = useCallback(() => {
    cancel();
    timer.current = window.setTimeout(() => setOpen(false), timeout);
  }, [cancel, timeout]);
  const close = useCallback(() => {
    cancel();
    setOpen(false);
  }, [cancel]);
  useEffect(() => cancel, [cancel]);
  return {
    open,
    close,
    toggle: () => (open ? close() : show()),
    hoverProps: {
      // Mouse only: a tap would open on "enter" and close again on the click that follows.
      onPointerEnter: (event: React.PointerEvent) => {
        if (event.pointerType === 'mouse') show();
      },
      onPointerLeave: (event: React.PointerEvent) => {
        if (event.pointerType === 'mouse') hideSoon();
      },
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === 'Escape') close();
      },
      // Tabbing out of the menu closes it, as moving the mouse away does.
      onBlur: (event: React.FocusEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      },
    },
  };
}
