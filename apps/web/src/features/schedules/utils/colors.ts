/**
 * The bar's colour scale: cool blues for set-back targets, warm oranges and reds for comfort.
 * Each band pairs its background with a text colour of sufficient contrast in light and dark,
 * and the value is always printed or spoken as well: colour is never the only sign.
 */
const BANDS: readonly { below: number; className: string }[] = [
  { below: 16, className: 'bg-sky-200 text-sky-950 dark:bg-sky-800 dark:text-white' },
  { below: 18.5, className: 'bg-cyan-100 text-cyan-950 dark:bg-cyan-900 dark:text-white' },
  { below: 20, className: 'bg-amber-100 text-amber-950 dark:bg-amber-800 dark:text-white' },
  { below: 21.5, className: 'bg-orange-200 text-orange-950 dark:bg-orange-800 dark:text-white' },
  { below: 23, className: 'bg-orange-300 text-orange-950 dark:bg-red-800 dark:text-white' },
  { below: Infinity, className: 'bg-red-300 text-red-950 dark:bg-red-900 dark:text-white' },
];

const BASE = 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100';

export function targetColor(target: number | null): string {
  if (target === null) return BASE;
  return BANDS.find((band) => target < band.below)!.className;
}
