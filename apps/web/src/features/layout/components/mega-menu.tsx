import { ChevronDown } from 'lucide-react';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { useHoverMenu } from '../hooks/use-hover-menu';
import { useMenuLabel } from '../hooks/use-menu-label';
import { containsPath, type MenuItem } from '../utils/menu';
import { FloorRoomLinks } from './floor-room-links';
import { itemActive, MenuLink } from './menu-link';

/** Past this many rooms on a floor, the panel lists the floors with their room counts only. */
export const MEGA_MENU_ROOM_LIMIT = 12;

const topItem =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/5 dark:hover:text-white';

/**
 * The header's view of the menu (wide screens): each area opens a panel of floors and rooms.
 * Memoized like the breadcrumb: it draws again only for another menu or another address.
 */
export const MegaMenu = memo(function MegaMenu({
  menu,
  pathname,
}: {
  menu: MenuItem[];
  pathname: string;
}) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage({ id: 'layout.nav.mega' })} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {menu.map((item) => (
          <li key={item.key} className="relative">
            {item.children ? (
              <MegaPanel item={item} pathname={pathname} />
            ) : (
              <TopLink item={item} pathname={pathname} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
});

function TopLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const label = useMenuLabel();
  return (
    <MenuLink
      item={item}
      text={label(item.label)}
      active={item.path === pathname}
      className="h-9 min-h-0 w-auto px-3 font-medium"
    />
  );
}

function MegaPanel({ item, pathname }: { item: MenuItem; pathname: string }) {
  const label = useMenuLabel();
  const { open, close, toggle, hoverProps } = useHoverMenu();
  const floors = item.children ?? [];
  const panelId = `mega-${item.key}`;
  // A big building's rooms would make a panel far taller than the screen: floors only, then.
  const floorsOnly = floors.some((floor) => (floor.children?.length ?? 0) > MEGA_MENU_ROOM_LIMIT);
  return (
    <div {...hoverProps}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={cn(topItem, containsPath(item, pathname) && itemActive)}
      >
        {label(item.label)}
        <ChevronDown
          className={cn('size-4 transition-transform', open && 'rotate-180')}
          aria-hidden="true"
        />
      </button>
      {open && (
        <div id={panelId} className="absolute top-full right-0 z-30 pt-2">
          {floorsOnly ? (
            <FloorCounts floors={floors} pathname={pathname} onNavigate={close} />
          ) : (
            <div
              className={cn(
                'grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-lg dark:border-white/10 dark:bg-slate-900',
                floors.length > 1 ? 'w-[32rem] grid-cols-2' : 'w-64 grid-cols-1',
              )}
            >
              {floors.map((floor) => (
                <div key={floor.key}>
                  <FloorRoomLinks
                    floor={floor}
                    pathname={pathname}
                    onNavigate={close}
                    floorClassName="font-semibold"
                    roomListClassName="mt-1 border-t border-slate-100 pt-1 dark:border-white/5"
                  />
                </div>
              ))}
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The floors as links with their room counts (the panel of a big building). */
function FloorCounts({
  floors,
  pathname,
  onNavigate,
}: {
  floors: MenuItem[];
  pathname: string;
  onNavigate: () => void;
}) {
  const intl = useIntl();
  const label = useMenuLabel();
  return (
    <ul
      className={cn(
        'grid max-h-[calc(100vh-6rem)] gap-x-4 gap-y-0.5 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4 shadow-lg dark:border-white/10 dark:bg-slate-900',
        floors.length > 8 ? 'w-[32rem] grid-cols-2' : 'w-64 grid-cols-1',
      )}
    >
      {floors.map((floor) => (
        <li key={floor.key}>
          <MenuLink
            item={floor}
            text={intl.formatMessage(
              { id: 'roomSearch.floorRooms' },
              { floor: label(floor.label), count: floor.children?.length ?? 0 },
            )}
            active={containsPath(floor, pathname)}
            onNavigate={onNavigate}
          />
        </li>
      ))}
    </ul>
  );
}
