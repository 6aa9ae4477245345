import { useIsFetching } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useNavigation } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { ScreenLoader } from '@/components/ui/screen-loader';
import { loadToaster, Toaster } from '@/components/ui/toast';
import { useAuth } from '@/features/auth/components/auth-provider';
import { ConnectionBanner } from '@/features/connection/components/connection-banner';
import { useLoaders } from '@/lib/loaders';
import { useSettings } from '@/lib/settings-provider';

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

  // Signed in, fetch every screen's code (and the toasts) now: they still open if the controller
  // goes away later (docs/decisions.md, 10). One route per task (app/prefetch-routes.ts), so a
  // slow phone's main thread is never blocked by it.
  useEffect(() => {
    if (!signedIn) return;
    prefetch();
    void loadToaster();
  }, [signedIn, prefetch]);

  const busy = navigation.state !== 'idle' || fetching > 0;
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
