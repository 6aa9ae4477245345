import { RANGE_MS, type HistoryRange } from '../types';

/**
 * The chart's time axis (seconds) spans the period asked for, ending at the newest sample (or
 * now, without any): a room with one sample, or a few seconds of them, would otherwise get an
 * axis of milliseconds with every label "00:00".
 */
export function timeAxisRange(
  range: HistoryRange,
  min: number | null,
  max: number | null,
  nowSeconds = Date.now() / 1000,
): [number, number] {
  const end = max ?? nowSeconds;
  return [Math.min(min ?? end, end - RANGE_MS[range] / 1000), end];
}
