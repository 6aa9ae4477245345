import type { RouteObject } from 'react-router';

/**
 * The User Timing mark set when the route prefetch starts: everything the page loaded before it
 * is the first view, everything after it the prefetch (scripts/bench/bundle-size.mjs reads it).
 */
export const PREFETCH_MARK = 'raumregler:prefetch';

/** A route's `handle` that asks to be prefetched before the others: a likely next screen. */
export interface PrefetchHandle {
  prefetchFirst?: boolean;
}

/** Runs `run` when the browser is idle (at the latest after 2 s), so a prefetch never delays input. */
export const idleTask = (run: () => void): void => {
  if (typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(() => run(), { timeout: 2000 });
  } else {
    window.setTimeout(run, 50);
  }
};

/**
 * Loads the code of every lazy route ahead of need. The controller serves the app itself, so a
 * screen whose code was not fetched before the controller went away could not open at all
 * (decision 10). The likely next screens (routes whose handle says `prefetchFirst`)
 * come first, the others after them, so a new screen adds to the end of the queue, never to the
 * first view. One route per task (`nextTask`; `idleTask` after a first view): starting twenty
 * imports at once was one long task on a slow phone.
 */
export function prefetchRoutes(
  routes: RouteObject[],
  nextTask: (run: () => void) => void = (run) => window.setTimeout(run, 0),
): void {
  const first: (() => unknown)[] = [];
  const rest: (() => unknown)[] = [];
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      const { lazy } = route;
      if (typeof lazy === 'function') {
        const likely = (route.handle as PrefetchHandle | undefined)?.prefetchFirst === true;
        (likely ? first : rest).push(() => lazy());
      }
      if (route.children) collect(route.children);
    }
  };
  collect(routes);
  const loaders = [...first, ...rest];
  const next = () => {
    const load = loaders.shift();
    if (!load) return;
    void Promise.resolve(load()).catch(() => undefined);
    nextTask(next);
  };
  next();
}
