import { lazy, Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useNearViewport } from '@/lib/use-near-viewport';

const RecentChangesList = lazy(() => import('./recent-changes-list'));

/**
 * "Letzte Änderungen" on the room page, for users who may read the audit log (the route decides).
 * The list and its request come when the section nears the screen.
 */
export function RecentChanges({ roomId, version }: { roomId: number; version: number }) {
  const intl = useIntl();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const loading = (
    <Spinner
      label={intl.formatMessage({ id: 'audit.loading' })}
      className="text-teal-700 dark:text-teal-400"
    />
  );
  return (
    <section ref={section} aria-labelledby="recent-changes-title">
      <Card className="flex flex-col gap-3 p-4 sm:p-5">
        <h2 id="recent-changes-title" className="text-lg font-semibold">
          {intl.formatMessage({ id: 'audit.recent.title' })}
        </h2>
        {near ? (
          <Suspense fallback={loading}>
            <RecentChangesList roomId={roomId} version={version} />
          </Suspense>
        ) : (
          loading
        )}
      </Card>
    </section>
  );
}
