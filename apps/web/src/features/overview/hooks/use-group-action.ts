import { useCallback, useRef, useState } from 'react';
import type { GroupWrite } from '../utils/group';

export interface GroupFailure {
  write: GroupWrite;
  error: unknown;
}

export interface GroupRun {
  total: number;
  done: number;
  running: boolean;
  failures: GroupFailure[];
}

/**
 * Runs the writes of a group action (`run` is the route's: the device-API calls per room, with
 * one temps reload at the end), counting "7 von 12" as answers arrive and keeping the rooms that
 * failed so that "Erneut versuchen" sends just those, with the same values.
 */
export function useGroupAction(
  run: (
    writes: readonly GroupWrite[],
    onSettled: () => void,
  ) => Promise<PromiseSettledResult<unknown>[]>,
) {
  const [state, setState] = useState<GroupRun | null>(null);
  const busy = useRef(false);
  const start = useCallback(
    async (writes: readonly GroupWrite[]) => {
      if (busy.current || writes.length === 0) return;
      busy.current = true;
      setState({ total: writes.length, done: 0, running: true, failures: [] });
      try {
        const results = await run(writes, () =>
          setState((current) => current && { ...current, done: current.done + 1 }),
        );
        const failures = results.flatMap((result, index) =>
          result.status === 'rejected' ? [{ write: writes[index]!, error: result.reason }] : [],
        );
        setState({ total: writes.length, done: writes.length, running: false, failures });
      } finally {
        busy.current = false;
      }
    },
    [run],
  );
  const retry = useCallback(() => {
    if (state && !state.running) void start(state.failures.map((failure) => failure.write));
  }, [state, start]);
  const dismiss = useCallback(() => setState(null), []);
  return { state, start, retry, dismiss };
}
