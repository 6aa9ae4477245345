import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Testing from '@testing-library/react/pure';
import type * as AfterPaint from './after-paint';

// A fresh module per test: whether the first view is done is the page's state, set once (and
// vitest.setup.ts sets it for every other test). React and testing-library come fresh with it,
// so the hook runs on the same React as the renderer.
let later: typeof AfterPaint;
let testing: typeof Testing;
let frames: FrameRequestCallback[];

beforeEach(async () => {
  vi.resetModules();
  later = await import('./after-paint');
  testing = await import('@testing-library/react/pure');
  // Fake timers, and a browser whose frames come only when the test draws them.
  vi.useFakeTimers();
  frames = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
});

afterEach(() => {
  testing.cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The browser draws a frame: its animation callbacks, then (after the paint) its timeouts. */
function drawFrame() {
  testing.act(() => {
    frames.shift()?.(0);
    vi.advanceTimersByTime(0);
  });
}

describe("afterPaint('next')", () => {
  it('runs once, after the next frame has been painted, not before', () => {
    const callback = vi.fn();
    later.afterPaint(callback);
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();
    frames.shift()?.(0);
    // Still in the frame: the paint comes after its animation callbacks.
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('runs after 250 ms where no frame is drawn (a hidden tab), and not at all once cancelled', () => {
    const late = vi.fn();
    later.afterPaint(late);
    vi.advanceTimersByTime(249);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    later.afterPaint(cancelled)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('gives each callback a frame of its own, in order, and skips a cancelled one', () => {
    const menu = vi.fn();
    const cancelled = vi.fn();
    const week = vi.fn();
    later.afterPaint(menu);
    later.afterPaint(cancelled)();
    later.afterPaint(week);
    drawFrame();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(week).not.toHaveBeenCalled();
    drawFrame();
    expect(week).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    // Nothing left waiting: no frame is asked for.
    drawFrame();
    expect(frames).toHaveLength(0);
    expect(menu).toHaveBeenCalledTimes(1);
  });
});

describe("afterPaint('first-view')", () => {
  it('waits, through any number of frames, until the first view is done, then for its paint', () => {
    const menu = vi.fn();
    const week = vi.fn();
    const cancelled = vi.fn();
    later.afterPaint(menu, 'first-view');
    later.afterPaint(cancelled, 'first-view')();
    later.afterPaint(week, 'first-view');
    vi.advanceTimersByTime(5000);
    drawFrame();
    expect(menu).not.toHaveBeenCalled();
    later.markFirstViewDone();
    later.markFirstViewDone();
    expect(menu).not.toHaveBeenCalled();
    drawFrame();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(week).not.toHaveBeenCalled();
    drawFrame();
    expect(week).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('once the first view is done, waits only for the next paint', () => {
    later.markFirstViewDone();
    drawFrame();
    const late = vi.fn();
    later.afterPaint(late, 'first-view');
    expect(late).not.toHaveBeenCalled();
    drawFrame();
    expect(late).toHaveBeenCalledTimes(1);
  });
});

describe('usePainted', () => {
  it('is false when mounted and true for good after the paint of the frame drawn without it', () => {
    const { result, rerender } = testing.renderHook(() => later.usePainted());
    expect(result.current).toBe(false);
    drawFrame();
    expect(result.current).toBe(true);
    rerender();
    drawFrame();
    expect(result.current).toBe(true);
  });

  it("with 'first-view', stays false until the first view is done and painted", () => {
    const { result } = testing.renderHook(() => later.usePainted('first-view'));
    drawFrame();
    vi.advanceTimersByTime(5000);
    expect(result.current).toBe(false);
    testing.act(() => later.markFirstViewDone());
    expect(result.current).toBe(false);
    drawFrame();
    expect(result.current).toBe(true);
  });

  it('asks for nothing once unmounted before its paint', () => {
    const { result, unmount } = testing.renderHook(() => later.usePainted());
    const seen = result.current;
    unmount();
    drawFrame();
    expect(seen).toBe(false);
    expect(frames).toHaveLength(0);
  });
});
