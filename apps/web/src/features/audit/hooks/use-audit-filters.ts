import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseAuditFilters, writeAuditFilters, type AuditFilters } from '../utils/filters';

/** The Protokoll filters in the URL: a link or a reload shows the same entries. */
export function useAuditFilters() {
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => parseAuditFilters(search), [search]);
  const setFilters = useCallback(
    (next: AuditFilters) => setSearch(writeAuditFilters(next)),
    [setSearch],
  );
  return [filters, setFilters] as const;
}
