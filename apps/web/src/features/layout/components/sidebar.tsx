import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Logo } from '@/components/ui/logo';
import { usePainted } from '@/lib/after-paint';
import { paths } from '@/config/paths';
import type { MenuItem } from '../utils/menu';
import { SidebarRail } from './sidebar-flyout';
import { SidebarMenu } from './sidebar-menu';

export type MenuStatus = 'loading' | 'ready' | 'error';

interface SidebarContentProps {
  menu: MenuItem[];
  status: MenuStatus;
  pathname: string;
  buildingName: string;
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** Brand, then the menu; shared by the desktop sidebar and the mobile sheet. */
export function SidebarContent({
  menu,
  status,
  pathname,
  buildingName,
  collapsed = false,
  onNavigate,
}: SidebarContentProps) {
  const intl = useIntl();
  // The menu's entries come in the frame after the page's: the first view of a big building
  // (the page, the frame and 20 floors at once) was one long task at 4x CPU.
  const painted = usePainted();
  const shown = painted ? status : 'loading';
  return (
    <>
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 dark:border-white/10',
          collapsed ? 'justify-center px-2' : 'px-4',
        )}
      >
        <Link
          to={paths.home}
          onClick={onNavigate}
          className="flex min-w-0 items-center gap-3 rounded-lg"
          aria-label={collapsed ? intl.formatMessage({ id: 'layout.home' }) : undefined}
        >
          <Logo />
          {!collapsed && (
            <span className="min-w-0">
              <span className="block text-[15px] leading-tight font-semibold">
                <FormattedMessage id="app.name" />
              </span>
              <span className="block truncate text-xs text-slate-500 dark:text-slate-400">
                {buildingName}
              </span>
            </span>
          )}
        </Link>
      </div>
      <nav
        aria-label={intl.formatMessage({ id: 'layout.nav.main' })}
        className={cn('flex-1 p-3', !collapsed && 'overflow-y-auto')}
      >
        {shown === 'loading' && !collapsed && (
          <div aria-hidden="true" className="mb-3 flex animate-pulse flex-col gap-2 px-2.5">
            <div className="h-4 w-3/4 rounded bg-slate-200 dark:bg-white/10" />
            <div className="h-4 w-1/2 rounded bg-slate-200 dark:bg-white/10" />
            <div className="h-4 w-2/3 rounded bg-slate-200 dark:bg-white/10" />
          </div>
        )}
        {shown === 'error' && !collapsed && (
          <p className="mb-3 rounded-lg bg-amber-50 px-2.5 py-2 text-xs text-amber-900 dark:bg-amber-400/10 dark:text-amber-200">
            <FormattedMessage id="layout.menu.loadFailed" />
          </p>
        )}
        {!painted ? null : collapsed ? (
          <SidebarRail menu={menu} pathname={pathname} />
        ) : (
          <SidebarMenu menu={menu} pathname={pathname} onNavigate={onNavigate} />
        )}
      </nav>
    </>
  );
}

/** The desktop sidebar (from 1200 px): light or dark by setting, collapsible to an icon rail. */
function SidebarView({
  theme,
  collapsed,
  onCollapsedChange,
  ...content
}: Omit<SidebarContentProps, 'onNavigate'> & {
  theme: 'light' | 'dark';
  collapsed: boolean;
  onCollapsedChange: (collapsed: boolean) => void;
}) {
  const intl = useIntl();
  const Toggle = collapsed ? PanelLeftOpen : PanelLeftClose;
  return (
    <aside
      className={cn(
        // A dark sidebar is the dark variant scoped to the sidebar alone.
        theme === 'dark' && 'dark',
        'fixed top-(--banner-h,0px) bottom-0 left-0 z-20 hidden flex-col border-r border-slate-200 bg-white text-slate-900 transition-[width] lg:flex dark:border-white/10 dark:bg-slate-900 dark:text-slate-100',
        collapsed ? 'w-[72px]' : 'w-64',
      )}
    >
      <SidebarContent {...content} collapsed={collapsed} />
      <div
        className={cn(
          'border-t border-slate-200 p-3 dark:border-white/10',
          collapsed && 'flex justify-center',
        )}
      >
        <button
          type="button"
          onClick={() => onCollapsedChange(!collapsed)}
          aria-label={intl.formatMessage({
            id: collapsed ? 'layout.sidebar.expand' : 'layout.sidebar.collapse',
          })}
          className="flex h-9 items-center gap-2 rounded-lg px-2.5 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-white/5"
        >
          <Toggle className="size-[18px]" aria-hidden="true" />
          {!collapsed && <FormattedMessage id="layout.sidebar.collapse" />}
        </button>
      </div>
    </aside>
  );
}

/**
 * Memoized: the frame re-renders with every temps answer, and the menu keeps its identity while
 * the building's floors and rooms stay the same (useFloorStructure).
 */
export const Sidebar = memo(SidebarView);
