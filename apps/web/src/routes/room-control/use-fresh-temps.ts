import { useQuery, useQueryClient } from '@tanstack/react-query';
import { outsQueryOptions } from '@/features/rooms/api/get-outs';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';
import { roomIn, roomTempsQueryOptions } from '@/features/rooms/api/update-room-cache';

const REFRESH_MS = 30_000;

/**
 * The building's rooms, kept fresh while a floor page is open: reloaded every 30 s while the tab
 * is visible (TanStack pauses the interval in the background) and on returning to it.
 */
export function useFreshTemps() {
  return useQuery({
    ...tempsQueryOptions(),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
}

/**
 * The building's rooms for a room page: its own room is reloaded every 30 s (`temps/{roomId}/`,
 * into the list), the list only when stale (5 minutes, the app's default). The page shows one
 * room; on the 1,000-room building the list is 440 KB to fetch, parse and compare each time.
 */
export function useFreshRoom(roomId: number) {
  const queryClient = useQueryClient();
  const temps = useQuery(tempsQueryOptions());
  // An unknown room is the page's "not found", not a request every 30 s.
  const known = roomIn(temps.data, roomId) !== undefined;
  useQuery({
    ...roomTempsQueryOptions(queryClient, roomId),
    enabled: known,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
  return temps;
}

/**
 * The building's valve openings for a room page (issue 32): `outs/`, reloaded every 30 s like
 * the page's own room. The answer is small (ids and outputs), so the list is read whole.
 */
export function useFreshValves(enabled = true) {
  return useQuery({
    ...outsQueryOptions(),
    enabled,
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
}
