import { SearchX } from 'lucide-react';
import type { ReactNode } from 'react';

/** A floor or room the building does not have: say so plainly and offer a way on. */
export function NotFoundState({
  title,
  text,
  action,
}: {
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-12 text-center">
      <SearchX className="size-10 text-slate-400" aria-hidden="true" />
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="text-slate-600 dark:text-slate-400">{text}</p>
      {action}
    </div>
  );
}
