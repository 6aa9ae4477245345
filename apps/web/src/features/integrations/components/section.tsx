import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';

/**
 * One part of the Integrationen page (tokens, metrics, API; MQTT comes with issue 36): a card
 * with a heading and a short text, named by the heading for assistive tech.
 */
export function IntegrationSection({
  id,
  title,
  text,
  icon,
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
        <div>
          <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-semibold">
            {icon}
            {title}
          </h2>
          <div className="mt-1 text-sm text-slate-600 dark:text-slate-300">{text}</div>
        </div>
        {children}
      </section>
    </Card>
  );
}
