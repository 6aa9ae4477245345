import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseQuery, serializeQuery, type OverviewQuery } from '../utils/query';

/**
 * The overview's sort and filters, kept in the URL query (so they survive reload and can be
 * shared). Changes replace the history entry: typing in the search field is not 12 back-steps.
 */
export function useOverviewQuery(): [OverviewQuery, (change: Partial<OverviewQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseQuery(params), [params]);
  const update = useCallback(
    (change: Partial<OverviewQuery>) =>
      setParams((current) => serializeQuery({ ...parseQuery(current), ...change }), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );
  return [query, update];
}
