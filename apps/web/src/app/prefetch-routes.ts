import type { RouteObject } from 'react-router';

/**
 * Loads the code of every lazy route ahead of need. The controller serves the app itself, so a
 * screen whose code was not fetched before the controller went away could not open at all.
 */
export function prefetchRoutes(routes: RouteObject[]): void {
  for (const route of routes) {
    if (typeof route.lazy === 'function') void Promise.resolve(route.lazy()).catch(() => undefined);
    if (route.children) prefetchRoutes(route.children);
  }
}
