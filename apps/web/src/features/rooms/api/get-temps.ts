import { deviceApiPaths, type Floor } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { readStoredAuth } from '@/lib/auth-storage';
import { currentReachability } from '@/lib/connection';
import { readLastRooms, saveLastRooms, showLastRooms } from '@/lib/last-rooms';

export const getTemps = () => apiGet<Floor[]>(deviceApiPaths.temps());

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
    if (username && Array.isArray(floors)) saveLastRooms(username, floors, Date.now());
    return floors;
  } catch (error) {
    const stored =
      username && currentReachability() === 'unreachable' ? readLastRooms(username) : null;
    if (!stored) throw error;
    showLastRooms(stored.at);
    return stored.floors;
  }
}

/**
 * A 403 (a user with no access in both areas) is an answer, not a lost connection: asking again
 * would not change it, so it is not retried (the layout shows the no-access page instead).
 */
export const tempsQueryOptions = () =>
  queryOptions({
    queryKey: ['temps'],
    queryFn: getTempsOrLastKnown,
    retry: (failures: number, error: Error) => (error as ApiError).status !== 403 && failures < 3,
  });
