import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/** One card of the appearance page: title and explanation on the left, controls beside. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: ReactNode;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section
        aria-labelledby={id}
        className="grid gap-5 md:grid-cols-[minmax(0,14rem)_1fr] md:gap-8"
      >
        <div>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        <div>{children}</div>
      </section>
    </Card>
  );
}
