import type { ReactNode } from 'react';

/** Title and lead text of one reset screen. */
export function ScreenHeading({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="mb-6">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      {children && <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{children}</p>}
    </div>
  );
}
