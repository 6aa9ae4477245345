import { QueryClient } from '@tanstack/react-query';
import { isUnknownHouse } from '@/lib/house';

const FIVE_MINUTES = 5 * 60 * 1000;

/** Spec section 9: fresh for 5 min, kept 5 min, 3 retries backing off from 1 s up to 30 s. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        // A building that does not exist (or without access, issue 37) stays so: said at once.
        retry: (failures, error) => failures < 3 && !isUnknownHouse(error),
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
      },
    },
  });
}
