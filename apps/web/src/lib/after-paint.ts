import { startTransition, useEffect, useState } from 'react';

/**
 * The one way the app draws or loads something later (decision 55): after a paint, one part per
 * frame. What it waits for is one of two paints:
 *
 * - `'next'`: the frame drawn without the part. For a part of the screen that would make its
 *   render one long task (the overview's rows, the menu's floors): the rest shows first.
 * - `'first-view'`: the first view of a page opened from scratch is complete (app/root-layout.tsx
 *   marks it: what it needed has arrived and nothing has loaded for a moment) and painted. For
 *   what a screen does not need to draw itself (the account menu's code, the room's week): it
 *   then neither shares the line with that view nor ends before its largest paint, which
 *   Lighthouse's LCP would count it towards (decision 48). Once the first view is done, the
 *   same as `'next'`.
 *
 * Parts put off together come one per frame, each after the paint of what the one before it drew:
 * the room page's week and the sidebar's menu together were one long task of 70–120 ms at 4x CPU
 * on the 1,000-room building.
 */
export type Paint = 'next' | 'first-view';

/** At the latest this long after a frame is asked for, even where none is drawn (a hidden tab). */
const LATEST_MS = 250;

interface Part {
  run: () => void;
}

let firstViewDone = false;
/** Parts waiting for the first view, then parts waiting for their frame, first come first served. */
const waitingForFirstView: Part[] = [];
const turns: Part[] = [];
let framePending = false;

/**
 * Runs `callback` once the browser has drawn the next frame (a timeout set in the frame's
 * animation callback runs after that frame's paint), or after LATEST_MS where no frame comes.
 */
function afterNextFrame(callback: () => void) {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(latest);
    callback();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(run, 0));
  const latest = setTimeout(run, typeof requestAnimationFrame === 'function' ? LATEST_MS : 0);
}

function nextTurn() {
  if (framePending || turns.length === 0) return;
  framePending = true;
  afterNextFrame(() => {
    framePending = false;
    turns.shift()?.run();
    nextTurn();
  });
}

const remove = (list: Part[], part: Part) => {
  const index = list.indexOf(part);
  if (index >= 0) list.splice(index, 1);
};

/** Runs `callback` after the `paint` it waits for, in its turn; returns a function that cancels it. */
export function afterPaint(callback: () => void, paint: Paint = 'next'): () => void {
  const part: Part = { run: callback };
  if (paint === 'first-view' && !firstViewDone) waitingForFirstView.push(part);
  else {
    turns.push(part);
    nextTurn();
  }
  return () => {
    remove(waitingForFirstView, part);
    remove(turns, part);
  };
}

/** Called by the frame once its first view is complete; what waited for it takes its turn. */
export function markFirstViewDone(): void {
  if (firstViewDone) return;
  firstViewDone = true;
  turns.push(...waitingForFirstView.splice(0));
  nextTurn();
}

/**
 * False until the `paint` it waits for, then true for good. The render it starts is a background
 * one (a transition): a big part is drawn in slices, never as one task with the rest.
 */
export function usePainted(paint: Paint = 'next'): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(
    () => (painted ? undefined : afterPaint(() => startTransition(() => setPainted(true)), paint)),
    [painted, paint],
  );
  return painted;
}
