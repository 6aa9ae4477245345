import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths, ROUTER_BASENAME } from '@/config/paths';
import { authRoutes } from '@/routes/auth/routes';
import { RouterErrorPage } from '@/routes/errors/router-error';
import { roomControlRoutes } from '@/routes/room-control/routes';
import { idleTask, prefetchRoutes, type PrefetchHandle } from './prefetch-routes';
import { RootLayout } from './root-layout';

const page = (load: () => Promise<{ default: ComponentType }>) => () =>
  load().then((module) => ({ Component: module.default }));

const notFound = page(() => import('@/routes/errors/not-found'));

/** While the first screen's code loads: the progress bar, never a blank page with no sign of life. */
function FirstLoad() {
  const intl = useIntl();
  return <ProgressBar label={intl.formatMessage({ id: 'common.loading' })} />;
}

/** Every route of the app. Each screen loads lazily, so the login page ships no layout code. */
export const routes: RouteObject[] = [
  {
    element: (
      <RootLayout
        prefetch={(when) => prefetchRoutes(routes, when === 'idle' ? idleTask : undefined)}
      />
    ),
    HydrateFallback: FirstLoad,
    // Last resort, should the frame itself fail.
    errorElement: <RouterErrorPage />,
    children: [
      {
        // Errors of a screen render inside the frame, so the connection banner stays.
        errorElement: <RouterErrorPage />,
        children: [
          {
            path: paths.home,
            lazy: page(() => import('@/routes/app/layout')),
            children: [
              {
                index: true,
                lazy: page(() => import('@/routes/app/dashboard')),
                // The overview and the room page are where most navigations go: fetched first.
                handle: { prefetchFirst: true } satisfies PrefetchHandle,
              },
              {
                path: paths.appearance,
                lazy: page(() => import('@/routes/appearance/appearance')),
              },
              { path: paths.alarms, lazy: page(() => import('@/routes/alarms/alarms-page')) },
              ...roomControlRoutes,
              { path: paths.audit, lazy: page(() => import('@/routes/audit/audit-page')) },
              { path: paths.absences, lazy: page(() => import('@/routes/absences/absences')) },
              { path: paths.account, lazy: page(() => import('@/routes/account/account-page')) },
              { path: paths.members, lazy: page(() => import('@/routes/members/members-page')) },
              { path: paths.devices, lazy: page(() => import('@/routes/devices/devices-page')) },
              {
                path: paths.buildings,
                lazy: page(() => import('@/routes/buildings/buildings-page')),
              },
              {
                path: paths.integrations,
                lazy: page(() => import('@/routes/integrations/integrations-page')),
              },
            ],
          },
          ...authRoutes,
          {
            path: paths.error.root,
            children: [
              { index: true, lazy: notFound },
              { path: paths.error.notFound, lazy: notFound },
              {
                path: paths.error.serverError,
                lazy: page(() => import('@/routes/errors/server-error')),
              },
            ],
          },
          { path: '*', element: <Navigate to={paths.error.notFound} replace /> },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME });
}
