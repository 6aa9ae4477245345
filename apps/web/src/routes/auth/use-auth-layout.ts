import { useLocation } from 'react-router';
import { ROUTER_BASENAME, type AuthLayout } from '@/config/paths';

/** Which frame the current auth screen is in, so its links stay in the same one. */
export function useAuthLayout(): AuthLayout {
  const { pathname } = useLocation();
  const path = pathname.startsWith(ROUTER_BASENAME)
    ? pathname.slice(ROUTER_BASENAME.length)
    : pathname;
  return path === '/auth/classic' || path.startsWith('/auth/classic/') ? 'classic' : 'branded';
}
