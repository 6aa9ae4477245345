import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { prefetchRoutes } from './prefetch-routes';

describe('prefetchRoutes', () => {
  it('loads every lazy route, nested ones too, one per task', () => {
    const loaded: string[] = [];
    const lazy = (name: string) => () => {
      loaded.push(name);
      return Promise.resolve({});
    };
    const routes: RouteObject[] = [
      { path: 'a', lazy: lazy('a'), children: [{ path: 'b', lazy: lazy('b') }] },
      { path: 'c', children: [{ index: true, lazy: lazy('d') }] },
    ];
    const tasks: (() => void)[] = [];
    prefetchRoutes(routes, (run) => tasks.push(run));
    expect(loaded).toEqual(['a']);
    while (tasks.length) tasks.shift()!();
    expect(loaded).toEqual(['a', 'b', 'd']);
  });

  it('loads the likely next screens (handle.prefetchFirst) before the others', () => {
    const loaded: string[] = [];
    const lazy = (name: string) => () => {
      loaded.push(name);
      return Promise.resolve({});
    };
    const routes: RouteObject[] = [
      { path: 'settings', lazy: lazy('settings') },
      {
        path: 'area',
        children: [
          { path: 'audit', lazy: lazy('audit') },
          { path: 'room/:id', lazy: lazy('room'), handle: { prefetchFirst: true } },
        ],
      },
      { index: true, lazy: lazy('overview'), handle: { prefetchFirst: true } },
    ];
    prefetchRoutes(routes, (run) => run());
    expect(loaded).toEqual(['room', 'overview', 'settings', 'audit']);
  });

  it('survives a route whose code fails to load', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    prefetchRoutes([{ path: 'x', lazy: failing }], (run) => run());
    await Promise.resolve();
    expect(failing).toHaveBeenCalledTimes(1);
  });
});
