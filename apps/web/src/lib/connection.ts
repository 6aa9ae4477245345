/**
 * Whether the controller answers. The API client reports every outcome here: a request that
 * never got an answer (or a gateway saying the device is gone) marks it unreachable, any answer
 * marks it reachable again. The connection feature listens and tells the user.
 */
export type Reachability = 'reachable' | 'unreachable';

type Listener = (state: Reachability) => void;
const listeners = new Set<Listener>();
let current: Reachability = 'reachable';

export function reportReachability(state: Reachability): void {
  if (state === current) return;
  current = state;
  for (const listener of listeners) listener(state);
}

export function currentReachability(): Reachability {
  return current;
}

/** Subscribes to changes; answers the unsubscribe function. */
export function onReachabilityChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A gateway answering 502/503/504 means the device behind it is not there. */
export const GATEWAY_STATUSES: readonly number[] = [502, 503, 504];
