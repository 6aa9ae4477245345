import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the visible area (once true, it stays true): a
 * section below the fold loads its data and code only when the user scrolls towards it. Watching
 * starts when the browser is idle, after the page's first data has laid it out: a section that is
 * near only while the content above it is still short is not. Without IntersectionObserver (old
 * browsers, tests) it counts as near at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '150px') {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    const idle = typeof requestIdleCallback === 'function';
    const start = () => observer.observe(element);
    const handle = idle ? requestIdleCallback(start, { timeout: 1000 }) : null;
    const timer = idle ? undefined : setTimeout(start, 200);
    return () => {
      if (handle !== null) cancelIdleCallback(handle);
      clearTimeout(timer);
      observer.disconnect();
    };
  }, [ref, margin, near]);
  return near;
}
