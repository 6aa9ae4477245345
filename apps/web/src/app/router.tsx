import { createBrowserRouter, Navigate } from 'react-router';
import { paths, ROUTER_BASENAME } from '@/config/paths';
import { authRoutes } from '@/routes/auth/routes';
import { roomControlRoutes } from '@/routes/room-control/routes';

/** Every route of the app; each area loads lazily, so the login page ships no room code. */
export function createRouter() {
  return createBrowserRouter(
    [
      {
        path: '/',
        lazy: () => import('@/routes/app/layout').then((m) => ({ Component: m.default })),
        children: [
          {
            index: true,
            lazy: () => import('@/routes/app/dashboard').then((m) => ({ Component: m.default })),
          },
          ...roomControlRoutes,
        ],
      },
      ...authRoutes,
      {
        path: paths.error.notFound,
        lazy: () => import('@/routes/not-found').then((m) => ({ Component: m.default })),
      },
      { path: '*', element: <Navigate to={paths.error.notFound} replace /> },
    ],
    { basename: ROUTER_BASENAME },
  );
}
