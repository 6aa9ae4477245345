/** The wire shape of `GET /api/history/{roomId}/` (issue 14), from the contract. */
export type { HistoryAnswer, HistorySample } from '@raumregler/contract';

export type HistoryRange = '24h' | '7d' | '30d';
export const HISTORY_RANGES: readonly HistoryRange[] = ['24h', '7d', '30d'];

const HOUR_MS = 3_600_000;
export const RANGE_MS: Record<HistoryRange, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};
