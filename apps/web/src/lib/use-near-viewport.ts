import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the visible area (once true, it stays true): a
 * section below the fold loads its data and code only when the user scrolls towards it. Without
 * IntersectionObserver (old browsers, tests) it counts as near at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '200px') {
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
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
