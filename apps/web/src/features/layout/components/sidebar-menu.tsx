import { ChevronDown } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { afterPaint } from '@/lib/after-paint';
import { useMenuLabel } from '../hooks/use-menu-label';
import { containsPath, type MenuItem } from '../utils/menu';
import { offScreenSkipped, RoomLinks } from './floor-room-links';
import { itemBase, itemIdle, MenuLink } from './menu-link';

interface TreeProps {
  pathname: string;
  onNavigate?: () => void;
}

/**
 * The expanded sidebar: sections and floors open and close like an accordion. Memoized: the
 * frame re-renders whenever one of its queries changes state (TanStack Query's store, which React
 * renders synchronously), and on the 1,000-room building the menu's 40 floors (and a floor's 50
 * rooms) made each such render a long task; the menu changes only with its data and the address.
 */
export const SidebarMenu = memo(function SidebarMenu({
  menu,
  pathname,
  onNavigate,
}: TreeProps & { menu: MenuItem[] }) {
  return (
    <ul className="flex flex-col gap-1">
      {menu.map((item) => (
        <li key={item.key}>
          {item.children ? (
            <Section item={item} pathname={pathname} onNavigate={onNavigate} />
          ) : (
            <TopLink item={item} pathname={pathname} onNavigate={onNavigate} />
          )}
        </li>
      ))}
    </ul>
  );
});

function TopLink({ item, pathname, onNavigate }: TreeProps & { item: MenuItem }) {
  const label = useMenuLabel();
  const Icon = item.icon;
  return (
    <MenuLink
      item={item}
      text={label(item.label)}
      active={item.path === pathname}
      onNavigate={onNavigate}
      className="font-medium"
    >
      {Icon && <Icon className="size-[18px] shrink-0" aria-hidden="true" />}
    </MenuLink>
  );
}

function Section({ item, pathname, onNavigate }: TreeProps & { item: MenuItem }) {
  const label = useMenuLabel();
  const [open, setOpen] = useState(true);
  const Icon = item.icon;
  const listId = `menu-${item.key}`;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
        className={cn(itemBase, itemIdle, 'font-medium')}
      >
        {Icon && <Icon className="size-[18px] shrink-0" aria-hidden="true" />}
        <span className="flex-1 leading-snug">{label(item.label)}</span>
        <ChevronDown
          className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')}
          aria-hidden="true"
        />
      </button>
      {open && (
        <ul
          id={listId}
          className="mt-1 ml-[19px] flex flex-col gap-0.5 border-l border-slate-200 pl-2 dark:border-white/10"
        >
          {(item.children ?? []).map((floor) => (
            <li key={floor.key} className={offScreenSkipped}>
              <Floor item={floor} pathname={pathname} onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Floor({ item, pathname, onNavigate }: TreeProps & { item: MenuItem }) {
  const intl = useIntl();
  const label = useMenuLabel();
  const active = containsPath(item, pathname);
  const [open, setOpen] = useState(active);
  // Arriving at one of its rooms from elsewhere (mega menu, link) opens the floor, once the new
  // page has been painted: its 50 rooms in the same frame as the page made the navigation one
  // long task (on the 1,000-room building at 4x CPU).
  const [wasActive, setWasActive] = useState(active);
  const [openSoon, setOpenSoon] = useState(false);
  if (active !== wasActive) {
    setWasActive(active);
    setOpenSoon(active);
  }
  useEffect(() => {
    if (!openSoon) return;
    return afterPaint(() => {
      setOpen(true);
      setOpenSoon(false);
    });
  }, [openSoon]);
  const rooms = item.children ?? [];
  const text = label(item.label);
  const listId = `menu-${item.key}`;
  return (
    <>
      <div className="flex items-center gap-0.5">
        <MenuLink item={item} text={text} active={item.path === pathname} onNavigate={onNavigate} />
        {rooms.length > 0 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={intl.formatMessage({ id: 'layout.menu.toggleRooms' }, { floor: text })}
            onClick={() => setOpen(!open)}
            className="grid size-8 shrink-0 place-items-center rounded-md text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary dark:text-slate-400 dark:hover:bg-white/5"
          >
            <ChevronDown
              className={cn('size-4 transition-transform', !open && '-rotate-90')}
              aria-hidden="true"
            />
          </button>
        )}
      </div>
      {open && rooms.length > 0 && (
        <RoomLinks
          rooms={rooms}
          pathname={pathname}
          onNavigate={onNavigate}
          id={listId}
          className="mb-1 ml-3 flex flex-col gap-0.5"
          scrollToCurrent
        />
      )}
    </>
  );
}
