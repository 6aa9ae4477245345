import { Component, lazy, Suspense, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Alert } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useNearViewport } from '@/lib/use-near-viewport';

const loadPanel = () => {
  // The chart (uPlot) is fetched at the same moment, not after the panel has rendered.
  void import('./history-chart').catch(() => undefined);
  return import('./history-panel');
};
const HistoryPanel = lazy(loadPanel);

/** A chunk that cannot load (the controller gone) leaves a message, not an error page. */
export class LoadBoundary extends Component<{ fallback: ReactNode; children: ReactNode }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The room page's "Verlauf" section. Only this frame is part of the room page's first view: the
 * panel, its data and the chart load once the section comes near the screen.
 */
export function HistorySection({ roomId, roomName }: { roomId: number; roomName: string }) {
  const intl = useIntl();
  const section = useRef<HTMLElement>(null);
  const near = useNearViewport(section);
  const heading = (
    <h2 id="history-title" className="text-lg font-semibold">
      {intl.formatMessage({ id: 'history.title' })}
    </h2>
  );
  const loading = (
    <div className="grid h-56 place-items-center">
      <Spinner
        label={intl.formatMessage({ id: 'history.loading' })}
        className="text-teal-700 dark:text-teal-400"
      />
    </div>
  );
  return (
    <section ref={section} aria-labelledby="history-title">
      <Card className="flex min-h-72 flex-col gap-4 p-4 sm:p-5">
        {near ? (
          <LoadBoundary
            fallback={
              <>
                {heading}
                <Alert variant="warning">{intl.formatMessage({ id: 'history.chartFailed' })}</Alert>
              </>
            }
          >
            <Suspense fallback={loading}>
              <HistoryPanel roomId={roomId} roomName={roomName} />
            </Suspense>
          </LoadBoundary>
        ) : (
          <>
            {heading}
            {loading}
          </>
        )}
      </Card>
    </section>
  );
}
