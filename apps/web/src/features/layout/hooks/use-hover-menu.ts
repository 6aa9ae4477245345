import { useCallback, useEffect, useRef, useState } from 'react';

/** Spec section 9: a hover dropdown closes 150 ms after the pointer leaves it. */
export const DROPDOWN_TIMEOUT_MS = 150;

/**
 * Open on hover or click, close a moment after the pointer leaves (so crossing the gap to the
 * panel does not close it), on Escape, when focus leaves, or when `close` is called.
 */
export function useHoverMenu(timeout = DROPDOWN_TIMEOUT_MS) {
  const [open, setOpen] = useState(false);
  // How the open menu was opened, read only by the handlers: a mouse reaches the button by
  // hovering, which opens the menu, so the click that follows must not close it again.
  const openedBy = useRef<'hover' | 'click' | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const show = useCallback(
    (by: 'hover' | 'click') => {
      cancel();
      if (by === 'click' || openedBy.current === null) openedBy.current = by;
      setOpen(true);
    },
    [cancel],
  );
  const close = useCallback(() => {
    cancel();
    openedBy.current = null;
    setOpen(false);
  }, [cancel]);
  const hideSoon = useCallback(() => {
    cancel();
    timer.current = window.setTimeout(close, timeout);
  }, [cancel, close, timeout]);
  useEffect(() => cancel, [cancel]);
  return {
    open,
    close,
    /** A click opens the menu, keeps one the mouse opened by hovering, or closes one it opened. */
    toggle: () => (openedBy.current === 'click' ? close() : show('click')),
    hoverProps: {
      // Mouse only: a tap would open on "enter" and close again on the click that follows.
      onPointerEnter: (event: React.PointerEvent) => {
        if (event.pointerType === 'mouse') show('hover');
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
