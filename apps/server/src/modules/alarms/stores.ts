/**
 * What the alarm evaluations have decided and not yet stored. An evaluation decides at once, in
 * memory (the rules' watches), and stores afterwards; meanwhile the watch holds an alarm it
 * opened under a pending id, so the next evaluation neither raises it again nor loses its
 * clearing. The stores run one after another, in the order decided: a pending alarm's clear
 * finds it by its key (room or device, and kind), stored by then.
 */
export function createStores(onError: (error: unknown) => void) {
  let tail: Promise<void> = Promise.resolve();
  let lastPending = 0;
  return {
    /** An id for an alarm decided but not stored yet: negative, never a stored alarm's. */
    pendingId: () => --lastPending,
    isPending: (id: number) => id < 0,
    /** Runs `store` after the stores before it; settles when it is done (never rejects). */
    run(store: () => Promise<void>): Promise<void> {
      tail = tail.then(store).catch(onError);
      return tail;
    },
    /** Settles once every store so far, and those queued meanwhile, are done. */
    async settled(): Promise<void> {
      let seen: Promise<void>;
      do {
        seen = tail;
        await seen;
      } while (seen !== tail);
    },
  };
}
export type Stores = ReturnType<typeof createStores>;
