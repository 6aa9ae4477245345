import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';

// Issue 31, 5: the countdown reaching zero was covered by e2e only; a countdown that stopped
// at 00h 00m 01s, or never said it had ended, would pass every unit test.
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const tick = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('Countdown', () => {
  it('counts down each second to 00h 00m 00s, then reports once that it ended', () => {
    const onDone = vi.fn();
    const { container } = render(
      <Countdown remaining={3} receivedAt={Date.now()} onDone={onDone} />,
    );
    expect(container).toHaveTextContent('00h 00m 03s');
    tick(1000);
    expect(container).toHaveTextContent('00h 00m 02s');
    tick(1000);
    expect(container).toHaveTextContent('00h 00m 01s');
    expect(onDone).not.toHaveBeenCalled();
    tick(1000);
    expect(container).toHaveTextContent('00h 00m 00s');
    expect(onDone).toHaveBeenCalledTimes(1);
    // It stays at zero and does not report again.
    for (let second = 0; second < 5; second += 1) tick(1000);
    expect(container).toHaveTextContent('00h 00m 00s');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('counts from when the data arrived: data 2 s old with 2 s left has already ended', () => {
    const onDone = vi.fn();
    const { container } = render(
      <Countdown remaining={2} receivedAt={Date.now() - 2000} onDone={onDone} />,
    );
    expect(container).toHaveTextContent('00h 00m 00s');
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('crosses an hour boundary on time', () => {
    const { container } = render(
      <Countdown remaining={3601} receivedAt={Date.now()} onDone={() => undefined} />,
    );
    expect(container).toHaveTextContent('01h 00m 01s');
    tick(1000);
    expect(container).toHaveTextContent('01h 00m 00s');
    tick(1000);
    expect(container).toHaveTextContent('00h 59m 59s');
  });
});
