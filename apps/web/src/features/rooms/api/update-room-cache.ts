import type { Floor, Room } from '@raumregler/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Key of the building's temps list; room data lives inside it. */
export const TEMPS_KEY = ['temps'] as const;

const isRoom = (value: unknown): value is Room =>
  typeof value === 'object' && value !== null && typeof (value as Room).id === 'number';

/**
 * Every write answers the updated room: put it into the cached list at once, so the page shows
 * the server's word without waiting, then reload the list for everything else that changed.
 */
export async function applyRoomAnswer(queryClient: QueryClient, answer: unknown) {
  if (isRoom(answer)) {
    queryClient.setQueryData<Floor[]>(TEMPS_KEY, (floors) =>
      floors?.map((floor) => ({
        ...floor,
        raeume: floor.raeume.map((room) => (room.id === answer.id ? { ...room, ...answer } : room)),
      })),
    );
  }
  await queryClient.invalidateQueries({ queryKey: TEMPS_KEY });
}
