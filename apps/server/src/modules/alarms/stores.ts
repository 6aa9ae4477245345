/**
 * What the alarm evaluations have decided and not yet stored. An evaluation decides at once, in
 * memory (the rules' watches), and stores in the next group commit; meanwhile the watch holds the
 * alarm it opened under a pending id, so the next evaluation neither raises it again nor loses
 * its clearing (a pending alarm's clear finds it by its key: the open runs first in the commit
 * queue).
 */
export function createStores() {
  const inFlight = new Set<Promise<void>>();
  let lastPending = 0;
  return {
    /** An id for an alarm decided but not stored yet: negative, never a stored alarm's. */
    pendingId: () => --lastPending,
    isPending: (id: number) => id < 0,
    /** Keeps a store (which never rejects) until it settles. */
    track(store: Promise<void>): Promise<void> {
      inFlight.add(store);
      void store.finally(() => inFlight.delete(store));
      return store;
    },
    /** Settles once every store tracked so far, and those they led to, have settled. */
    async settled(): Promise<void> {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}
export type Stores = ReturnType<typeof createStores>;
