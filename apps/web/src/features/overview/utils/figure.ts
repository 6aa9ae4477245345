import { cn } from '@/components/ui/cn';

/** A summary figure's pill: marked while its filter is the one applied (the demand figure too). */
export const figureClass = (current: boolean) =>
  cn(
    'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium tabular-nums hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-800',
    current
      ? 'border-primary bg-primary/10 text-slate-900 dark:text-white'
      : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
  );
