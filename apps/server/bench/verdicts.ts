// How the server bench turns repeated measurements into one verdict (issue 19): per-round values,
// their median and spread, and PASS only when every round is within the budget, FAIL when none
// is, UNSTABLE (which fails too) when the rounds lie on both sides of it.

export interface Verdict {
  figure: string;
  value: string;
  budget: string;
  /** null: a figure for information, with no budget of its own. */
  pass: boolean | null;
  /** The per-round values lie on both sides of the budget: fails, whatever the median says. */
  unstable?: boolean;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** Median with spread, of per-round values. */
export interface Spread {
  median: number;
  min: number;
  max: number;
  values: number[];
}
export const spread = (values: number[]): Spread => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
  values,
});

/** PASS when every round is within the budget, FAIL when none is, UNSTABLE in between. */
export function judge(
  s: Spread,
  ok: (value: number) => boolean,
): { pass: boolean; unstable: boolean } {
  const within = s.values.filter(ok).length;
  if (within === s.values.length) return { pass: true, unstable: false };
  if (within === 0) return { pass: false, unstable: false };
  return { pass: false, unstable: true };
}

export const verdictWord = (v: Verdict) =>
  v.unstable ? 'UNSTABLE' : v.pass === null ? 'INFO' : v.pass ? 'PASS' : 'FAIL';
