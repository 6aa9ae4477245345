import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as FirstView from './first-view';

// A fresh module per test: its state is the page's, set once.
let firstView: typeof FirstView;
beforeEach(async () => {
  vi.resetModules();
  firstView = await import('./first-view');
});

describe('afterFirstView', () => {
  it('holds callbacks until the first view is marked done, then runs each once', () => {
    const menu = vi.fn();
    const week = vi.fn();
    firstView.afterFirstView(menu);
    firstView.afterFirstView(week);
    expect(menu).not.toHaveBeenCalled();
    firstView.markFirstViewDone();
    firstView.markFirstViewDone();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(week).toHaveBeenCalledTimes(1);
  });

  it('runs a callback at once once the first view is done, and never a cancelled one', () => {
    const cancelled = vi.fn();
    firstView.afterFirstView(cancelled)();
    firstView.markFirstViewDone();
    expect(cancelled).not.toHaveBeenCalled();
    const late = vi.fn();
    firstView.afterFirstView(late);
    expect(late).toHaveBeenCalledTimes(1);
  });
});
