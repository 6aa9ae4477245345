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

  // Signed in, fetch every screen's code (and the toasts) once the first screen has settled: they
  // still open if the controller goes away later, and they do not compete with the screen the
  // user is waiting for (a raised toast loads its code itself).
  useEffect(() => {
    if (!signedIn) return;
    return afterFirstView(() => {
      prefetch();
      void loadToaster();
    });
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

/** Quiet time after the page's load event before code for later screens is fetched. */
const SETTLE_MS = 2000;

/** Runs `task` once the page has loaded, settled and the browser is idle; answers a cancel. */
function afterFirstView(task: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      if ('requestIdleCallback' in window)
        idle = window.requestIdleCallback(task, { timeout: 2000 });
      else task();
    }, SETTLE_MS);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}
