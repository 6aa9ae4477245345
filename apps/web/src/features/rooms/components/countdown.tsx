import { useEffect, useRef, useState } from 'react';
import { formatCountdown, secondsLeft } from '../utils/countdown';

/**
 * Ticks each second in its own small component, so the page around it does not re-render.
 * Reports once when it reaches zero.
 */
export function Countdown({
  remaining,
  receivedAt,
  onDone,
}: {
  remaining: number;
  receivedAt: number;
  onDone: () => void;
}) {
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(remaining, receivedAt, Math.max(now, receivedAt));
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  useEffect(() => {
    if (left <= 0) {
      done.current();
      return;
    }
    // Wake up on the next whole second since the data arrived, when the display changes.
    const untilNextSecond = 1000 - ((((now - receivedAt) % 1000) + 1000) % 1000);
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(20, untilNextSecond));
    return () => window.clearTimeout(timer);
  }, [left, now, receivedAt]);

  return <span className="tabular-nums">{formatCountdown(left)}</span>;
}
