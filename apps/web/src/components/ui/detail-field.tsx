import type { ReactNode } from 'react';

/** One label and value of a card's `<dl>` (the phone cards of alarms, members, tokens). */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}
