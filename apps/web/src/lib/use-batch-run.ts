import { useCallback, useRef, useState } from 'react';

export interface BatchFailure<T> {
  item: T;
  error: unknown;
}

/** One run of writes: "7 von 12" while it runs, then the items that failed with the reason. */
export interface BatchRun<T> {
  total: number;
  done: number;
  running: boolean;
  failures: BatchFailure<T>[];
}

/** Sends the items' writes, calling `onSettled` as each answer arrives; one result per item. */
export type RunBatch<T> = (
  items: readonly T[],
  onSettled: () => void,
) => Promise<PromiseSettledResult<unknown>[]>;

/**
 * Runs one write per item (the overview's group actions, the week copied to rooms), counting the
 * answers as they arrive and keeping the items that failed, so that "Erneut versuchen" sends just
 * those again, with the same values. One run at a time.
 */
export function useBatchRun<T>(run: RunBatch<T>) {
  const [state, setState] = useState<BatchRun<T> | null>(null);
  const busy = useRef(false);
  const start = useCallback(
    async (items: readonly T[]) => {
      if (busy.current || items.length === 0) return;
      busy.current = true;
      setState({ total: items.length, done: 0, running: true, failures: [] });
      try {
        const results = await run(items, () =>
          setState((current) => current && { ...current, done: current.done + 1 }),
        );
        const failures = results.flatMap((result, index) =>
          result.status === 'rejected' ? [{ item: items[index]!, error: result.reason }] : [],
        );
        setState({ total: items.length, done: items.length, running: false, failures });
      } finally {
        busy.current = false;
      }
    },
    [run],
  );
  const retry = useCallback(() => {
    if (state && !state.running) void start(state.failures.map((failure) => failure.item));
  }, [state, start]);
  const dismiss = useCallback(() => setState(null), []);
  return { state, start, retry, dismiss };
}
