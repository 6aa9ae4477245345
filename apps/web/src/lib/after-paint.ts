import { useEffect, useState } from 'react';

/** At the latest this long after the call, even where no frame is drawn (a hidden tab). */
const LATEST_MS = 250;

/**
 * Runs `callback` once the browser has drawn the next frame (a timeout set in the frame's
 * animation callback runs after that frame's paint), or after LATEST_MS where no frame comes.
 * Returns a function that cancels it.
 *
 * For what a screen does not need to draw itself (a section's code, a menu's code): it then
 * neither delays that first paint nor shares the line with what the paint still waits for.
 */
export function afterNextPaint(callback: () => void): () => void {
  let done = false;
  let afterFrame: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    callback();
  };
  const frame =
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => {
          afterFrame = setTimeout(run, 0);
        })
      : null;
  const latest = setTimeout(run, frame === null ? 0 : LATEST_MS);
  return () => {
    done = true;
    if (frame !== null) cancelAnimationFrame(frame);
    clearTimeout(afterFrame);
    clearTimeout(latest);
  };
}

/** False in the render that mounts the component, true once the frame it drew has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => setPainted(true))), [painted]);
  return painted;
}
