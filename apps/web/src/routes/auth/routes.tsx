import type { RouteObject } from 'react-router';

const login = () => import('./login').then((m) => ({ Component: m.default }));

/** Routes under /auth (branded layout) and /auth/classic (plain layout); login is the index. */
export const authRoutes: RouteObject[] = [
  {
    path: '/auth',
    children: [
      { index: true, lazy: login },
      { path: 'login', lazy: login },
    ],
  },
];
