import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useNavigation } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ScreenLoader } from '@/components/ui/screen-loader';
import { loadToaster, Toaster } from '@/components/ui/toast';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ConnectionBanner } from '@/features/connection/components/connection-banner';
import { markFirstViewDone } from '@/lib/after-paint';
import { useLoaders } from '@/lib/loaders';
import { useSettings } from '@/lib/settings-provider';
import { PREFETCH_MARK } from './prefetch-routes';

/** How long a first view opened signed in must be quiet before the other screens are fetched. */
const FIRST_VIEW_QUIET_MS = 300;

/**
 * Around every screen: the global loaders, the connection banner and the toasts. The progress
 * bar runs while a route's code loads or any query fetches.
 */
export function RootLayout({ prefetch }: { prefetch: (when: 'now' | 'idle') => void }) {
  const intl = useIntl();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const { progressBarLoader, screenLoader, setLoader } = useLoaders();
  const { theme } = useSettings();
  const signedIn = useAuth().auth !== null;

  // Signed in, fetch every screen's code (and the toasts): they still open if the controller goes
  // away later (decision 10). On signing in here, at once: the next screen follows and
  // the controller may go away any moment after. A page opened signed in first shows itself, and
  // fetches the rest once nothing has loaded for a moment, so on a slow line the prefetch does
  // not compete with the first view, then one route per idle moment, likely next screens first
  // (app/prefetch-routes.ts). The mark tells the bench where the first view ended; the code
  // put off until then follows (lib/after-paint.ts, 'first-view').
  const busy = navigation.state !== 'idle' || fetching > 0;
  const [signedInAtStart] = useState(signedIn);
  const prefetched = useRef(false);
  useEffect(() => {
    if (!signedIn || prefetched.current) return;
    const start = (when: 'now' | 'idle') => {
      prefetched.current = true;
      window.performance.mark?.(PREFETCH_MARK);
      markFirstViewDone();
      prefetch(when);
      void loadToaster();
    };
    if (!signedInAtStart) return start('now');
    if (busy) return;
    const timer = window.setTimeout(() => start('idle'), FIRST_VIEW_QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, signedInAtStart, busy, prefetch]);

  useEffect(() => setLoader('progressBarLoader', busy), [busy, setLoader]);

  return (
    <>
      {progressBarLoader && <ProgressBar label={intl.formatMessage({ id: 'common.loading' })} />}
      {screenLoader && <ScreenLoader label={intl.formatMessage({ id: 'common.loading' })} />}
      <ConnectionBanner signedIn={signedIn} />
      <Outlet />
      <Toaster theme={theme} label={intl.formatMessage({ id: 'common.notifications' })} />
    </>
  );
}
