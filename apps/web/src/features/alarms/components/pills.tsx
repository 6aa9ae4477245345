import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

export const kindStyles: Record<string, string> = {
  'too-cold': 'bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100',
  'too-warm': 'bg-orange-100 text-orange-900 dark:bg-orange-900/50 dark:text-orange-100',
  'sensor-silent': 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-slate-100',
  'device-offline': 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  'device-unconfirmed': 'bg-violet-100 text-violet-900 dark:bg-violet-900/50 dark:text-violet-100',
  'battery-low': 'bg-yellow-100 text-yellow-900 dark:bg-yellow-900/50 dark:text-yellow-100',
};
export const stateStyles: Record<string, string> = {
  active: 'bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100',
  acknowledged: 'bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100',
  cleared: 'bg-green-100 text-green-900 dark:bg-green-900/50 dark:text-green-100',
};

/** A kind's or a state's label as a coloured pill; a kind without a colour gets the neutral one. */
export function Pill({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        className ?? 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
      )}
    >
      {children}
    </span>
  );
}
