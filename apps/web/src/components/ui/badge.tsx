import type { ReactNode } from 'react';
import { cn } from './cn';

/** A small pill, e.g. "Bald" next to an entry that has no screen yet. */
export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
        className,
      )}
    >
      {children}
    </span>
  );
}
