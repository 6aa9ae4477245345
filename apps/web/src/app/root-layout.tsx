import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useNavigation } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ScreenLoader } from '@/components/ui/screen-loader';
import { loadToaster, Toaster } from '@/components/ui/toast';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ConnectionBanner } from '@/features/connection/components/connection-banner';
import { useLoaders } from '@/lib/loaders';
import { useSettings } from '@/lib/settings-provider';

/** How long nothing must load before the other screens' code is fetched. */
const PREFETCH_AFTER_QUIET_MS = 300;

/**
 * Around every screen: the global loaders, the connection banner and the toasts. The progress
 * bar runs while a route's code loads or any query fetches.
 */
export function RootLayout({ prefetch }: { prefetch: () => void }) {
  const intl = useIntl();
  const navigation = useNavigation();
  const fetching = useIsFetching();
  const { progressBarLoader, screenLoader, setLoader } = useLoaders();
  const { theme } = useSettings();
  const signedIn = useAuth().auth !== null;

  // Signed in, fetch every screen's code (and the toasts): they still open if the controller goes
  // away later. Only once the first view is complete (no screen code or query loading for a
  // moment), so on a slow line and a slow phone the prefetch never competes with what is shown.
  const busy = navigation.state !== 'idle' || fetching > 0;
  const prefetched = useRef(false);
  useEffect(() => {
    if (!signedIn || busy || prefetched.current) return;
    const timer = window.setTimeout(() => {
      prefetched.current = true;
      prefetch();
      void loadToaster();
    }, PREFETCH_AFTER_QUIET_MS);
    return () => window.clearTimeout(timer);
  }, [signedIn, busy, prefetch]);

  useEffect(() => setLoader('progressBarLoader', busy), [busy, setLoader]);

  return (
    <>
      {progressBarLoader && <ProgressBar label={intl.formatMessage({ id: 'common.loading' })} />}
      {screenLoader && <ScreenLoader label={intl.formatMessage({ id: 'common.loading' })} />}
      <ConnectionBanner />
      <Outlet />
      <Toaster theme={theme} label={intl.formatMessage({ id: 'common.notifications' })} />
    </>
  );
}
