import { queryOptions } from '@tanstack/react-query';
import { apiGet, OWN_SERVER } from '@/lib/api-client';
import type { ApiError } from '@/lib/api-error';
import { saveText, toOffsetIso } from '@/lib/download';
import { RANGE_MS, type HistoryAnswer, type HistoryRange } from '../types';

/** `/history/{roomId}/?from=…` on our own server: the range ending now. */
export function historyUrl(roomId: number, range: HistoryRange, now: number, csv = false) {
  const from = encodeURIComponent(toOffsetIso(new Date(now - RANGE_MS[range])));
  const to = encodeURIComponent(toOffsetIso(new Date(now)));
  return `/history/${roomId}/?from=${from}&to=${to}${csv ? '&format=csv' : ''}`;
}

export const getHistory = (roomId: number, range: HistoryRange, now = Date.now()) =>
  apiGet<HistoryAnswer>(historyUrl(roomId, range, now), OWN_SERVER);

/**
 * One room's history over a range ending now. The end moves with each fetch, not with the key,
 * so a minute later the same chart refreshes instead of starting an empty one. A 403 or 404 is an
 * answer and is not asked again.
 */
export const historyQueryOptions = (roomId: number, range: HistoryRange) =>
  queryOptions({
    queryKey: ['history', roomId, range],
    queryFn: () => getHistory(roomId, range),
    staleTime: 60_000,
    refetchInterval: range === '24h' ? 60_000 : 15 * 60_000,
    retry: (failures: number, error: Error) =>
      ![403, 404].includes((error as ApiError).status ?? 0) && failures < 1,
  });

/** The same range as CSV, fetched with the user's credentials and saved as a file. */
export async function downloadHistoryCsv(roomId: number, range: HistoryRange, now = Date.now()) {
  const text = await apiGet<unknown>(historyUrl(roomId, range, now, true), {
    ...OWN_SERVER,
    timeout: 60_000,
  });
  const day = toOffsetIso(new Date(now)).slice(0, 10);
  saveText(
    typeof text === 'string' ? text : JSON.stringify(text),
    `verlauf-raum-${roomId}-${range}-${day}.csv`,
  );
}
