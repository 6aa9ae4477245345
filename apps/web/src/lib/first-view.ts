import { useEffect, useState } from 'react';

/**
 * The first view of a page opened from scratch is complete: what it needed has arrived and the
 * page has been quiet for a moment (app/root-layout.tsx decides, and starts the routes' prefetch
 * at the same moment). Code a screen does not need to draw itself (the account menu, the room's
 * week) waits for it: it then neither shares the line with that view nor lands before the view's
 * largest paint, which Lighthouse's LCP would count it towards (decision 48).
 */
let done = false;
const waiting = new Set<() => void>();

/** Called once by the frame; runs what waited, then everything at once from here on. */
export function markFirstViewDone(): void {
  if (done) return;
  done = true;
  for (const callback of [...waiting]) callback();
  waiting.clear();
}

/** Runs `callback` once the first view is complete (at once if it is); returns a canceller. */
export function afterFirstView(callback: () => void): () => void {
  if (done) {
    callback();
    return () => undefined;
  }
  waiting.add(callback);
  return () => waiting.delete(callback);
}

/** False until the first view is complete, then true for good. */
export function useFirstViewDone(): boolean {
  const [isDone, setDone] = useState(done);
  useEffect(() => (isDone ? undefined : afterFirstView(() => setDone(true))), [isDone]);
  return isDone;
}
