/** The wire shape of `GET /api/history/{roomId}/` (issue 14). */
export interface HistorySample {
  /** Device-local ISO 8601 with its UTC offset. */
  time: string;
  temperature: number | null;
  target: number | null;
  humidity: number | null;
  valve: number | null;
}

export interface HistoryAnswer {
  room: number;
  from: string;
  to: string;
  step_seconds: number;
  samples: HistorySample[];
}

export type HistoryRange = '24h' | '7d' | '30d';
export const HISTORY_RANGES: readonly HistoryRange[] = ['24h', '7d', '30d'];

const HOUR_MS = 3_600_000;
export const RANGE_MS: Record<HistoryRange, number> = {
  '24h': 24 * HOUR_MS,
  '7d': 7 * 24 * HOUR_MS,
  '30d': 30 * 24 * HOUR_MS,
};
