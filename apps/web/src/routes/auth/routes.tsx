import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';

const module = (load: () => Promise<{ default: ComponentType }>) => () =>
  load().then((m) => ({ Component: m.default }));

const login = module(() => import('./login'));

/** The same screens in each frame; anything else under /auth goes to the 404 page. */
const screens = (): RouteObject[] => [
  { index: true, lazy: login },
  { path: 'login', lazy: login },
  { path: '2fa', lazy: module(() => import('./two-factor')) },
  {
    path: 'reset-password',
    children: [
      { index: true, lazy: module(() => import('./reset-password')) },
      { path: 'enter-email', lazy: module(() => import('./reset-enter-email')) },
      { path: 'check-email', lazy: module(() => import('./reset-check-email')) },
      { path: 'change', lazy: module(() => import('./reset-change')) },
      { path: 'changed', lazy: module(() => import('./reset-changed')) },
    ],
  },
  { path: 'invitation', lazy: module(() => import('./invitation')) },
  { path: '*', element: <Navigate to={paths.error.notFound} replace /> },
];

/** Routes under /auth (branded layout) and /auth/classic (plain layout); login is the index. */
export const authRoutes: RouteObject[] = [
  {
    path: '/auth/classic',
    lazy: module(() => import('./classic-layout')),
    children: screens(),
  },
  {
    path: '/auth',
    lazy: module(() => import('./branded-layout')),
    children: screens(),
  },
];
