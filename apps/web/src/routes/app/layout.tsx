import { FormattedMessage } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/components/auth-provider';
import { useBuildingData } from '@/features/building/components/building-data-provider';
import { RoomList } from '@/features/rooms/components/room-list';

/** The signed-in frame: sends strangers to the login page and remembers where they wanted to go. */
export default function AppLayoutRoute() {
  const { auth, logout } = useAuth();
  const { temps } = useBuildingData();
  const location = useLocation();
  if (!auth) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login} replace state={{ from }} />;
  }
  return (
    <div className="flex min-h-screen">
      <aside className="w-64 border-r border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <p className="mb-4 text-lg font-semibold">
          <FormattedMessage id="app.name" />
        </p>
        <RoomList floors={temps.data} failed={temps.isError} />
      </aside>
      <div className="flex flex-1 flex-col">
        <header className="flex justify-end border-b border-slate-200 p-3 dark:border-slate-800">
          <button type="button" onClick={logout} className="text-sm underline">
            <FormattedMessage id="auth.logout" />
          </button>
        </header>
        <main className="p-6">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
