import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

describe('query client', () => {
  it('keeps data fresh and cached for 5 minutes and retries 3 times, backing off 1 s → 30 s', () => {
    const queries = createQueryClient().getDefaultOptions().queries!;
    expect(queries.staleTime).toBe(300_000);
    expect(queries.gcTime).toBe(300_000);
    const retry = queries.retry as (failures: number, error: unknown) => boolean;
    expect([0, 1, 2, 3].map((failures) => retry(failures, new Error('x')))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    const delay = queries.retryDelay as (attempt: number) => number;
    expect([0, 1, 2, 5, 10].map((attempt) => delay(attempt))).toEqual([
      1000, 2000, 4000, 30_000, 30_000,
    ]);
  });

  it('does not retry a building the server does not know (or the user holds no access in)', () => {
    const retry = createQueryClient().getDefaultOptions().queries!.retry as (
      failures: number,
      error: unknown,
    ) => boolean;
    const unknown = Object.assign(new Error('Unknown house id.'), { status: 404 });
    expect(retry(0, unknown)).toBe(false);
    expect(retry(0, Object.assign(new Error('Not found.'), { status: 404 }))).toBe(true);
  });
});
