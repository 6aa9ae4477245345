import { deviceApiPaths, readFloors, type Floor } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { readStoredAuth } from '@/lib/auth-storage';
import { currentReachability } from '@/lib/connection';
import { isUnknownHouse } from '@/lib/house';
import { readLastRooms, saveLastRooms, showLastRooms } from '@/lib/last-rooms';

/**
 * The building's `temps/`, read with the contract's reader (issue 33): a real device's shapes
 * (numbers as text, integer modes, missing fields) come out as our server's. Our server's own
 * answer passes as it came, so reading the 1,000-room list costs almost nothing beyond its parse.
 * An answer that is no list of floors fails like an unreadable answer.
 */
export const getTemps = async (): Promise<Floor[]> => {
  const floors = readFloors(await apiGet<unknown>(deviceApiPaths.temps()));
  if (!floors) throw new Error('temps/ answered no list of floors');
  return floors;
};

/**
 * The rooms, live; while the controller does not answer, the last known ones from the
 * browser's storage (issue 32, lib/last-rooms.ts), marked as shown with their time. Each live
 * answer is kept for that and replaces the stored rooms on screen.
 */
export async function getTempsOrLastKnown(): Promise<Floor[]> {
  const username = readStoredAuth()?.username;
  try {
    const floors = await getTemps();
    showLastRooms(null);
    if (username) saveLastRooms(username, floors, Date.now());
    return floors;
  } catch (error) {
    const stored =
      username && currentReachability() === 'unreachable' ? readLastRooms(username) : null;
    // Read like a live answer: a copy kept by an older version may hold a device's raw shapes.
    const floors = stored && readFloors(stored.floors);
    if (!stored || !floors) throw error;
    showLastRooms(stored.at);
    return floors;
  }
}

/**
 * A 403 (a user with no access in both areas) or an unknown building (issue 37) is an answer,
 * not a lost connection: asking again would not change it, so it is not retried (the layout
 * shows the no-access or the unknown-building page instead).
 */
export const tempsQueryOptions = () =>
  queryOptions({
    queryKey: ['temps'],
    queryFn: getTempsOrLastKnown,
    retry: (failures: number, error: Error) =>
      (error as ApiError).status !== 403 && !isUnknownHouse(error) && failures < 3,
  });
