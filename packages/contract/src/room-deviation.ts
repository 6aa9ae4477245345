/**
 * "Unter/über Ziel" (issue 13): how far a room is from its target, as the overview counts it and
 * the Gebäude page (issue 37) sums it per building. One rule for both apps, so the two pages'
 * figures agree.
 */

/** "Unter/über Ziel": more than this many kelvin below/above the target right now. */
export const DEVIATION_LIMIT_K = 1.0;

/** Current minus target in K (one decimal, no −0), or null when either is not known. */
export function roomDeviation(current: number | null, target: number | null): number | null {
  if (current === null || target === null) return null;
  if (!Number.isFinite(current) || !Number.isFinite(target)) return null;
  const value = Math.round((current - target) * 10) / 10;
  return value === 0 ? 0 : value;
}

/** 'below' or 'above' when the room is more than DEVIATION_LIMIT_K off its target, else null. */
export function offTarget(row: { deviation: number | null }): 'below' | 'above' | null {
  if (row.deviation === null) return null;
  if (row.deviation < -DEVIATION_LIMIT_K) return 'below';
  if (row.deviation > DEVIATION_LIMIT_K) return 'above';
  return null;
}
