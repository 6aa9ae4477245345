import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintInTurn } from './after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Fake timers and a browser whose frames come only when the test runs their callbacks. */
function stubFrames(): FrameRequestCallback[] {
  vi.useFakeTimers();
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {});
  return frames;
}

describe('afterNextPaint', () => {
  it('runs once, after the next frame has been drawn, not before', () => {
    const frames = stubFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
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
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 1);
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const late = vi.fn();
    afterNextPaint(late);
    vi.advanceTimersByTime(249);
    expect(late).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(late).toHaveBeenCalledTimes(1);
    const cancelled = vi.fn();
    afterNextPaint(cancelled)();
    vi.advanceTimersByTime(1000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});

describe('afterPaintInTurn', () => {
  it('gives each callback a frame of its own, in order, and skips a cancelled one', () => {
    const frames = stubFrames();
    const drawFrame = () => {
      frames.shift()?.(0);
      vi.advanceTimersByTime(0);
    };
    const menu = vi.fn();
    const cancelled = vi.fn();
    const week = vi.fn();
    afterPaintInTurn(menu);
    afterPaintInTurn(cancelled)();
    afterPaintInTurn(week);
    drawFrame();
    expect(menu).toHaveBeenCalledTimes(1);
    expect(week).not.toHaveBeenCalled();
    drawFrame();
    expect(week).toHaveBeenCalledTimes(1);
    expect(cancelled).not.toHaveBeenCalled();
    // Nothing left waiting: no frame is asked for.
    expect(frames).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(menu).toHaveBeenCalledTimes(1);
    expect(week).toHaveBeenCalledTimes(1);
  });
});
