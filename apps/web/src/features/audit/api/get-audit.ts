import { AUDIT_LIMIT_MAX, AUDIT_PATH, type AuditResponse } from '@raumregler/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { saveText, toOffsetIso } from '@/lib/download';
import { auditRequestQuery, type AuditFilters } from '../utils/filters';

const auditUrl = (query: URLSearchParams) => {
  const text = query.toString();
  return text ? `${AUDIT_PATH}?${text}` : AUDIT_PATH;
};

export const getAudit = (filters: AuditFilters, limit?: number) =>
  apiGet<AuditResponse>(auditUrl(auditRequestQuery(filters, limit)), OWN_SERVER);

/** The audit log's newest entries for these filters. A 403 is an answer: not asked again. */
export const auditQueryOptions = (filters: AuditFilters, limit?: number) =>
  queryOptions({
    queryKey: ['audit', filters, limit ?? null],
    queryFn: () => getAudit(filters, limit),
    staleTime: 10_000,
    retry: (failures: number, error: Error) =>
      ![400, 403, 404].includes((error as ApiError).status ?? 0) && failures < 1,
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
