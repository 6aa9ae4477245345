import type { RouteObject } from 'react-router';

/**
 * Loads the code of every lazy route ahead of need. The controller serves the app itself, so a
 * screen whose code was not fetched before the controller went away could not open at all.
 * One route per task: starting twenty imports at once was one long task on a slow phone.
 */
export function prefetchRoutes(
  routes: RouteObject[],
  nextTask: (run: () => void) => void = (run) => window.setTimeout(run, 0),
): void {
  const loaders: (() => unknown)[] = [];
  const collect = (list: RouteObject[]) => {
    for (const route of list) {
      const { lazy } = route;
      if (typeof lazy === 'function') loaders.push(() => lazy());
      if (route.children) collect(route.children);
    }
  };
  collect(routes);
  const next = () => {
    const load = loaders.shift();
    if (!load) return;
    void Promise.resolve(load()).catch(() => undefined);
    nextTask(next);
  };
  next();
}
