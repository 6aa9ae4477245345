import type { Permissions } from '@raumregler/contract';
import { Menu } from 'lucide-react';
import { useCallback, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Sheet } from '@/components/ui/sheet';
import { getLayoutConfig, updateLayoutConfig } from '@/lib/layout-config';
import { useSettings } from '@/lib/settings-provider';
import type { MenuItem } from '../utils/menu';
import { Breadcrumb } from './breadcrumb';
import { MegaMenu } from './mega-menu';
import { RoomSearch } from './room-search';
import { Sidebar, SidebarContent, type MenuStatus } from './sidebar';
import { UserMenu } from './user-menu';

/** The name under which this layout keeps its options in `layouts-configs`. */
export const SHELL_LAYOUT = 'app-shell';

/**
 * The signed-in frame: sidebar (a sheet on small screens), header with breadcrumb, mega menu and
 * user menu, and the page. Pages render as `children` (the router's <Outlet/>).
 */
export function AppShell({
  menu,
  menuStatus,
  username,
  buildingName,
  onLogout,
  permissions,
  headerExtras,
  children,
}: {
  menu: MenuItem[];
  menuStatus: MenuStatus;
  username: string;
  buildingName: string;
  onLogout: () => void;
  /** For the user menu's screen entries. */
  permissions?: Permissions | null;
  /** Header items the route adds beside the search (e.g. the alarm bell); features stay apart. */
  headerExtras?: ReactNode;
  children: ReactNode;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const { settings } = useSettings();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [collapsed, setCollapsed] = useState(
    () => getLayoutConfig<{ sidebarCollapsed?: boolean }>(SHELL_LAYOUT)?.sidebarCollapsed === true,
  );
  // Stable, so the memoized sidebar skips the frame's renders that change nothing of it.
  const changeCollapsed = useCallback((next: boolean) => {
    setCollapsed(next);
    updateLayoutConfig(SHELL_LAYOUT, { sidebarCollapsed: next });
  }, []);
  const content = { menu, status: menuStatus, pathname, buildingName };

  return (
    <div className="min-h-screen">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-lg bg-white px-3 py-2 text-sm font-medium text-teal-800 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 dark:bg-slate-800 dark:text-teal-300"
      >
        <FormattedMessage id="layout.skipToContent" />
      </a>
      <Sidebar
        {...content}
        theme={settings.sidebarTheme}
        collapsed={collapsed}
        onCollapsedChange={changeCollapsed}
      />
      <Sheet
        open={sheetOpen}
        onOpenChange={setSheetOpen}
        side="left"
        title={intl.formatMessage({ id: 'layout.nav.main' })}
        closeLabel={intl.formatMessage({ id: 'layout.menu.close' })}
        className={cn(
          'w-[225px] text-slate-900 dark:text-slate-100',
          settings.sidebarTheme === 'dark' && 'dark',
        )}
      >
        <SidebarContent {...content} onNavigate={() => setSheetOpen(false)} />
      </Sheet>
      <div
        className={cn(
          'flex min-h-screen flex-col transition-[padding]',
          collapsed ? 'lg:pl-[72px]' : 'lg:pl-64',
        )}
      >
        <header className="sticky top-(--banner-h,0px) z-10 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/85 px-4 backdrop-blur sm:px-6 dark:border-white/10 dark:bg-slate-900/85">
          <button
            type="button"
            onClick={() => setSheetOpen(true)}
            aria-label={intl.formatMessage({ id: 'layout.menu.open' })}
            className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-white/5"
          >
            <Menu className="size-5" aria-hidden="true" />
          </button>
          <div className="min-w-0 flex-1">
            <Breadcrumb menu={menu} pathname={pathname} />
          </div>
          <MegaMenu menu={menu} pathname={pathname} />
          {/* "Find room" (issue 18): the search button; Ctrl+K / ⌘K opens the same dialog. */}
          <RoomSearch menu={menu} />
          {headerExtras}
          <UserMenu
            username={username}
            buildingName={buildingName}
            onLogout={onLogout}
            permissions={permissions}
          />
        </header>
        <main
          id="main-content"
          tabIndex={-1}
          className={cn(
            'w-full flex-1 px-4 py-6 outline-none sm:px-6 lg:py-8',
            settings.container === 'fixed' && 'mx-auto max-w-6xl',
          )}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
