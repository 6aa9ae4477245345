import {
  deviceApiPaths,
  readRoom,
  readRoomAnswer,
  type Floor,
  type Room,
} from '@raumregler/contract';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { tempsQueryOptions } from './get-temps';

/** The key of the building's temps list (room data lives inside it), from its query options. */
const tempsKey = () => tempsQueryOptions().queryKey;

/**
 * A write's answer as a change of one room (issue 33: read with the contract's reader), or null
 * when it is none (a device's short text). Only the fields the answer carried: an answer that
 * leaves some out must not overwrite the list's values with the reader's neutral ones.
 */
function roomChange(answer: unknown): (Partial<Room> & Pick<Room, 'id'>) | null {
  const room = readRoom(answer);
  if (room === null || room === answer) return room;
  const change: Partial<Room> & Pick<Room, 'id'> = { id: room.id };
  for (const key of Object.keys(room) as (keyof Room)[]) {
    if (key in (answer as object)) Object.assign(change, { [key]: room[key] });
  }
  return change;
}

/** The floor of a temps answer that holds room `roomId`. */
const floorOf = (floors: readonly Floor[] | undefined, roomId: number) =>
  floors?.find((floor) => floor.raeume?.some((room) => room.id === roomId));

/** Room `roomId` in a temps answer, or undefined when the building has no such room. */
export const roomIn = (floors: readonly Floor[] | undefined, roomId: number) =>
  floorOf(floors, roomId)?.raeume.find((room) => room.id === roomId);

/**
 * When each room put into the list on its own arrived. A room's `remaining_time` counts from the
 * moment the server sent it: a room patched in after a write is newer than the list around it,
 * whose other rooms still count from the list's last load.
 */
const patchedAt = new WeakMap<Room, number>();

/** When `room`'s data arrived: its own patch time, else the list's (`dataUpdatedAt`). */
export const roomReceivedAt = (room: Room, listUpdatedAt: number) =>
  patchedAt.get(room) ?? listUpdatedAt;

/**
 * Every write answers the updated room: put it into the cached list at once, so the page shows
 * the server's word without waiting for a reload. The list keeps its own load time (its other
 * rooms are as old as before); the room gets its own.
 */
export function applyRoomAnswer(queryClient: QueryClient, raw: unknown) {
  const answer = roomChange(raw);
  if (!answer) return;
  const before = roomIn(queryClient.getQueryData(tempsKey()), answer.id);
  const listUpdatedAt = queryClient.getQueryState(tempsKey())?.dataUpdatedAt;
  const receivedAt = Date.now();
  const floors = queryClient.setQueryData(
    tempsKey(),
    (current: Floor[] | undefined) => {
      const holder = floorOf(current, answer.id);
      return current?.map((floor) =>
        floor === holder
          ? {
              ...floor,
              raeume: floor.raeume.map((room) =>
                room.id === answer.id ? { ...room, ...answer } : room,
              ),
            }
          : floor,
      );
    },
    listUpdatedAt ? { updatedAt: listUpdatedAt } : undefined,
  );
  // The room as stored, after TanStack's structural sharing (an unchanged room stays as it was).
  const after = roomIn(floors, answer.id);
  if (after && after !== before) patchedAt.set(after, receivedAt);
}

/** Reloads the whole list: after writes that change many rooms (a group action, a week). */
export const refreshTemps = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: tempsKey() });

/** Reads one room (`temps/{roomId}/`, a few hundred bytes) and puts it into the list. */
async function fetchRoomInto(queryClient: QueryClient, roomId: number): Promise<Room> {
  // A one-element list (as devices and our server answer) or the bare room, in any device shape.
  const room = readRoomAnswer(await apiGet<unknown>(deviceApiPaths.roomTemps(roomId)));
  if (!room || room.id !== roomId) throw new Error(`temps/${roomId}/ answered no room`);
  applyRoomAnswer(queryClient, room);
  return room;
}

/**
 * Reloads one room into the list: on the 1,000-room building the list is 440 KB, and its parse
 * and comparison were most of a write's cost in the browser. Falls back to the whole list when
 * the room cannot be read on its own.
 */
export async function refreshRoom(queryClient: QueryClient, roomId: number) {
  try {
    await fetchRoomInto(queryClient, roomId);
  } catch {
    // The list's reload says what is wrong (offline, no access) where the page shows it.
    await refreshTemps(queryClient);
  }
}

/**
 * The room page's poll: its one room, put into the list (the page reads the room from there), so
 * the list itself is reloaded only when stale. Starts as fresh as the list it comes from.
 */
export const roomTempsQueryOptions = (queryClient: QueryClient, roomId: number) =>
  queryOptions({
    queryKey: [...tempsKey(), 'room', roomId],
    queryFn: () => fetchRoomInto(queryClient, roomId),
    initialData: () => roomIn(queryClient.getQueryData(tempsKey()), roomId),
    initialDataUpdatedAt: () => queryClient.getQueryState(tempsKey())?.dataUpdatedAt,
  });

/**
 * After a write to one room: its answer is the updated room (our server), put into the list; a
 * device that answers something else gets the room read again. Nothing else changes with one
 * room's write, so the list is not reloaded (the pages' own refresh keeps the other rooms fresh).
 */
export const settleRoomWrite = (queryClient: QueryClient, roomId: number, answer: unknown) =>
  readRoom(answer)?.id === roomId
    ? applyRoomAnswer(queryClient, answer)
    : refreshRoom(queryClient, roomId);

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
