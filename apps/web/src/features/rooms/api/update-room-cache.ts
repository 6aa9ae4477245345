import type { Floor, Room } from '@raumregler/contract';
import type { QueryClient } from '@tanstack/react-query';
import { tempsQueryOptions } from './get-temps';

/** The key of the building's temps list (room data lives inside it), from its query options. */
const tempsKey = () => tempsQueryOptions().queryKey;

const isRoom = (value: unknown): value is Room =>
  typeof value === 'object' && value !== null && typeof (value as Room).id === 'number';

/**
 * Every write answers the updated room: put it into the cached list at once, so the page shows
 * the server's word without waiting for a reload.
 */
export function applyRoomAnswer(queryClient: QueryClient, answer: unknown) {
  if (!isRoom(answer)) return;
  queryClient.setQueryData(tempsKey(), (floors: Floor[] | undefined) =>
    floors?.map((floor) => ({
      ...floor,
      raeume: floor.raeume.map((room) => (room.id === answer.id ? { ...room, ...answer } : room)),
    })),
  );
}

/** Reloads the list once, for what a write changes beyond its room's answer. */
export const refreshTemps = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: tempsKey() });

/** How many writes of a batch are in flight at once (a browser's connections per host). */
const BATCH_CONCURRENCY = 6;

/**
 * Many room writes as one action (a group action): each answer goes into the cache as it
 * arrives, and the list is reloaded once at the end, whether the writes succeeded or not, so
 * 100 rooms cost 100 writes and one reload. Answers each write's outcome in the items' order.
 */
export async function writeRooms<T>(
  queryClient: QueryClient,
  items: readonly T[],
  write: (item: T) => Promise<{ data: Room }>,
): Promise<PromiseSettledResult<Room>[]> {
  const results: PromiseSettledResult<Room>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        const { data } = await write(items[index]!);
        applyRoomAnswer(queryClient, data);
        results[index] = { status: 'fulfilled', value: data };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(BATCH_CONCURRENCY, items.length) }, () => worker()),
    );
  } finally {
    await refreshTemps(queryClient);
  }
  return results;
}
