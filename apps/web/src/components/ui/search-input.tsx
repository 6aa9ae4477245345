import { Search } from 'lucide-react';
import type { InputHTMLAttributes } from 'react';

/**
 * A search field with its magnifier inside (the overview's filter, the room picker). The
 * caller gives the id its label points to, the value and the handlers.
 */
export function SearchInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        {...props}
        type="search"
        className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      />
    </div>
  );
}
