import { useQuery } from '@tanstack/react-query';
import { tempsQueryOptions } from '@/features/rooms/api/get-temps';

const REFRESH_MS = 30_000;

/**
 * The building's rooms, kept fresh while a room-control page is open: reloaded every 30 s while
 * the tab is visible (TanStack pauses the interval in the background) and on returning to it.
 */
export function useFreshTemps() {
  return useQuery({
    ...tempsQueryOptions(),
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: false,
    staleTime: REFRESH_MS,
  });
}
