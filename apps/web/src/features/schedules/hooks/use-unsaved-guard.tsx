import { useContext, useEffect } from 'react';
import { useIntl } from 'react-intl';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Leaving with unsaved changes asks first: a link inside the app through react-router's blocker
 * (a dialog, "Verwerfen und verlassen" or "Weiter bearbeiten"), closing or reloading the tab
 * through the browser's own beforeunload question.
 */
export function UnsavedGuard({ dirty }: { dirty: boolean }) {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to ask at all.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  // The blocker needs a data router (the app's); a plain router (some tests) only gets beforeunload.
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <LeaveDialog dirty={dirty} /> : null;
}

function LeaveDialog({ dirty }: { dirty: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  const open = blocker.state === 'blocked';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && blocker.state === 'blocked') blocker.reset();
      }}
      title={t('schedules.leave.title')}
      description={t('schedules.leave.text')}
      closeLabel={t('schedules.close')}
    >
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => blocker.reset?.()}>
          {t('schedules.leave.stay')}
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          {t('schedules.leave.discard')}
        </Button>
      </div>
    </Dialog>
  );
}
