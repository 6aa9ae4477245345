import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('keeps data fresh and cached for 5 minutes and retries 3 times, backing off 1 s → 30 s', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(300_000);
    expect(queries.gcTime).toBe(300_000);
    expect(queries.retry).toBe(3);
    const delay = queries.retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt))).toEqual([
      1000, 2000, 4000, 30_000, 30_000,
    ]);
  });
});
