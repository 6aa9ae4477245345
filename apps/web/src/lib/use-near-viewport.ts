import { useEffect, useState, type RefObject } from 'react';
import { afterPaint } from './after-paint';

/**
 * Whether the element has come within `margin` of the visible area (once true, it stays true): a
 * section below the fold loads its data and code only when the user scrolls towards it. Watching
 * starts after the first view's paint (lib/after-paint.ts), once the page's first data has laid
 * it out: a section that is near only while the content above it is still short is not. Without
 * IntersectionObserver (old browsers, tests) it counts as near at once.
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
    const cancel = afterPaint(() => observer.observe(element), 'first-view');
    return () => {
      cancel();
      observer.disconnect();
    };
  }, [ref, margin, near]);
  return near;
}
