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

/** The callbacks of afterPaintInTurn still waiting for their frame, first come first served. */
const turns: (() => void)[] = [];
let turnPending = false;

function nextTurn() {
  if (turnPending || turns.length === 0) return;
  turnPending = true;
  afterNextPaint(() => {
    turnPending = false;
    turns.shift()?.();
    nextTurn();
  });
}

/**
 * Like afterNextPaint, but one callback per frame: each waits for the paint after the one that
 * drew what the callback before it rendered. Parts of a page put off this way then come one per
 * frame rather than all together in the second: the room page's week and the sidebar's menu,
 * both put off, were one long task of 70–120 ms at 4x CPU on the 1,000-room building.
 */
export function afterPaintInTurn(callback: () => void): () => void {
  const turn = () => callback();
  turns.push(turn);
  nextTurn();
  return () => {
    const index = turns.indexOf(turn);
    if (index >= 0) turns.splice(index, 1);
  };
}

/**
 * False until `ready`, then true once the frame drawn with `ready` has been painted and the parts
 * put off before it have had their frames (afterPaintInTurn). `ready`: what the screen's first
 * view still waits for is here, so what is put off comes after that view's paint, not between
 * its first frame and the one that completes it.
 */
export function usePainted(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () => (painted || !ready ? undefined : afterPaintInTurn(() => setPainted(true))),
    [painted, ready],
  );
  return painted;
}
