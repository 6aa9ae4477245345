import {
  AUDIT_LIMIT_DEFAULT,
  AUDIT_LIMIT_MAX,
  AUDIT_PATH,
  type AuditResponse,
} from '@raumregler/contract';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { saveText, toOffsetIso } from '@/lib/download';
import { auditRequestQuery, type AuditFilters } from '../utils/filters';

const auditUrl = (query: URLSearchParams) => {
  const text = query.toString();
  return text ? `${AUDIT_PATH}?${text}` : AUDIT_PATH;
};

export const getAudit = (filters: AuditFilters, limit?: number, before?: number) => {
  const query = auditRequestQuery(filters, limit);
  if (before !== undefined) query.set('before', String(before));
  return apiGet<AuditResponse>(auditUrl(query), OWN_SERVER);
};

const retryAudit = (failures: number, error: Error) =>
  ![400, 403, 404].includes((error as ApiError).status ?? 0) && failures < 1;

/** The audit log's newest entries for these filters. A 403 is an answer: not asked again. */
export const auditQueryOptions = (filters: AuditFilters, limit?: number) =>
  queryOptions({
    queryKey: ['audit', filters, limit ?? null],
    queryFn: () => getAudit(filters, limit),
    staleTime: 10_000,
    retry: retryAudit,
  });

/**
 * The Protokoll page's pages: the newest 100 for these filters, then each "Ältere laden" the
 * next 100 before the oldest shown (`before`, issue 32). A short page is the last.
 */
export const auditPagesQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['audit', filters, 'pages'],
    queryFn: ({ pageParam }) => getAudit(filters, undefined, pageParam ?? undefined),
    initialPageParam: null as number | null,
    getNextPageParam: (last: AuditResponse) =>
      last.entries.length >= AUDIT_LIMIT_DEFAULT ? (last.entries.at(-1)?.id ?? null) : null,
    staleTime: 10_000,
    retry: retryAudit,
  });

/** Every entry the filters select (up to the server's maximum) as a CSV file. */
export async function downloadAuditCsv(filters: AuditFilters, now = Date.now()) {
  const query = auditRequestQuery(filters, AUDIT_LIMIT_MAX);
  query.set('format', 'csv');
  const text = await apiGet<unknown>(auditUrl(query), { ...OWN_SERVER, timeout: 60_000 });
  saveText(
    typeof text === 'string' ? text : JSON.stringify(text),
    `protokoll-${toOffsetIso(new Date(now)).slice(0, 10)}.csv`,
  );
}
