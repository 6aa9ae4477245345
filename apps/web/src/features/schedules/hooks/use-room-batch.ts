import { useCallback, useRef, useState } from 'react';

export interface BatchFailure {
  roomId: number;
  error: unknown;
}

export interface BatchRun {
  total: number;
  done: number;
  running: boolean;
  failures: BatchFailure[];
}

/**
 * One write per room, counted "2 von 5" as the answers arrive, keeping the rooms that failed so
 * that "Erneut versuchen" sends just those again (the overview's group actions do the same;
 * features do not share code, so the pattern lives here too).
 */
export function useRoomBatch(write: (roomId: number) => Promise<unknown>) {
  const [state, setState] = useState<BatchRun | null>(null);
  const busy = useRef(false);
  const start = useCallback(
    async (roomIds: readonly number[]) => {
      if (busy.current || roomIds.length === 0) return;
      busy.current = true;
      setState({ total: roomIds.length, done: 0, running: true, failures: [] });
      try {
        const results = await Promise.allSettled(
          roomIds.map((roomId) =>
            write(roomId).finally(() =>
              setState((current) => current && { ...current, done: current.done + 1 }),
            ),
          ),
        );
        const failures = results.flatMap((result, index) =>
          result.status === 'rejected' ? [{ roomId: roomIds[index]!, error: result.reason }] : [],
        );
        setState({ total: roomIds.length, done: roomIds.length, running: false, failures });
      } finally {
        busy.current = false;
      }
    },
    [write],
  );
  const retry = useCallback(() => {
    if (state && !state.running) void start(state.failures.map((failure) => failure.roomId));
  }, [state, start]);
  const dismiss = useCallback(() => setState(null), []);
  return { state, start, retry, dismiss };
}
