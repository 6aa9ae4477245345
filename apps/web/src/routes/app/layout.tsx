import { can } from '@raumregler/contract';
import {
  lazy,
  startTransition,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { AlarmBell } from '@/features/alarms/components/alarm-bell';
import { useAppConfig } from '@/features/auth/api/get-app-config';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useBuildingData } from '@/features/rooms/components/building-data-provider';
import { useFloorStructure } from '@/features/rooms/hooks/use-floor-structure';
import { AppShell } from '@/features/layout/components/app-shell';
import { buildMenu } from '@/features/layout/utils/menu';
import { addSignedInMessages } from '@/lib/catalog-de-signed-in';
import { isUnknownHouse } from '@/lib/house';
import { NoAccessPage } from './no-access';
import { UnknownHousePage } from './unknown-house';
import { deviceToday } from '@/lib/device-today';

// The signed-in screens' German strings come with this frame, not with the entry.
addSignedInMessages();

// Shown only when the browser refused to store the sign-in: not part of the first view.
const NotRememberedNote = lazy(() =>
  import('@/features/auth/components/not-remembered-note').then((module) => ({
    default: module.NotRememberedNote,
  })),
);

/**
 * The signed-in area. Strangers go to the login page, which brings them back here afterwards.
 * Every route change asks the device whether the stored credentials still hold (see verify).
 */
export default function AppLayoutRoute() {
  const intl = useIntl();
  const { auth, verify, logout, notRemembered } = useAuth();
  const { temps, permissions } = useBuildingData();
  const config = useAppConfig();
  const location = useLocation();
  const [verified, setVerified] = useState(false);
  const signedIn = auth !== null;

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    // A rejected verify has already signed the user out if it was a 401; a network failure keeps
    // them in, and the connection banner explains. Either way the spinner must end.
    verify()
      .catch(() => undefined)
      .finally(() => {
        // The frame and the page render in slices (a transition), not as one long task that
        // would block a slow phone's main thread.
        if (current) startTransition(() => setVerified(true));
      });
    return () => {
      current = false;
    };
  }, [location.pathname, signedIn, verify]);

  // The menu is built and drawn in a background render: temps arrive through TanStack Query's
  // store, which React renders synchronously, and on the 1,000-room building the menu's floors
  // and rooms made that render a long task at 4x CPU (docs/performance.md).
  const menuTemps = useDeferredValue(temps.data);
  // An answer with the same floors and rooms (a write's, a poll's) keeps the menu as it was.
  const menuFloors = useFloorStructure(menuTemps);
  const menu = useMemo(
    () => buildMenu(permissions.data, menuFloors),
    [permissions.data, menuFloors],
  );

  if (!auth) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login} replace state={{ from }} />;
  }
  if (!verified)
    return (
      <div className="grid min-h-screen place-items-center">
        <Spinner
          label={intl.formatMessage({ id: 'auth.login.verifying' })}
          className="text-teal-700"
        />
      </div>
    );

  // Issue 37: a building (`?house=N`) that does not exist or that the user holds no access in.
  if ([config.error, permissions.error, temps.error].some(isUnknownHouse))
    return <UnknownHousePage onLogout={logout} />;

  // No access in both areas: the server refuses the building's data, so say so plainly
  // rather than show empty menus or a failed load.
  const today = deviceToday();
  if (permissions.data && !can(permissions.data, 'read', null, today))
    return (
      <NoAccessPage
        username={auth.username}
        permissions={permissions.data}
        today={today}
        onLogout={logout}
      />
    );

  const menuStatus =
    permissions.isError || temps.isError
      ? 'error'
      : permissions.isPending || menuTemps === undefined
        ? 'loading'
        : 'ready';
  return (
    <AppShell
      menu={menu}
      menuStatus={menuStatus}
      username={auth.username}
      // The building the app is opened for (issue 37): the app config names it.
      buildingName={
        config.data?.buildingName ?? auth.deviceInfo?.name ?? intl.formatMessage({ id: 'app.name' })
      }
      onLogout={logout}
      permissions={permissions.data}
      headerExtras={can(permissions.data, 'read', null, deviceToday()) ? <AlarmBell /> : undefined}
    >
      {notRemembered && (
        <Suspense fallback={null}>
          <NotRememberedNote />
        </Suspense>
      )}
      <Outlet />
    </AppShell>
  );
}
