import { startTransition, useEffect, useState } from 'react';

/**
 * False in the render that mounts the component, true in a background render started after its
 * first commit: what a component draws only when this is true comes in a task (and a frame) of
 * its own, not in the same long task as the rest.
 */
export function useAfterFirstCommit(): boolean {
  const [later, setLater] = useState(false);
  useEffect(() => {
    if (!later) startTransition(() => setLater(true));
  }, [later]);
  return later;
}
