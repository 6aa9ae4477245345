import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { useHoverMenu } from '../hooks/use-hover-menu';
import { useMenuLabel } from '../hooks/use-menu-label';
import { containsPath, type MenuItem } from '../utils/menu';
import { FloorRoomLinks } from './floor-room-links';
import { itemActive } from './menu-link';

const railButton =
  'grid size-11 place-items-center rounded-lg text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/5 dark:hover:text-white';

/** The collapsed sidebar: icons only; a section opens as a hover dropdown beside the rail. */
export function SidebarRail({ menu, pathname }: { menu: MenuItem[]; pathname: string }) {
  return (
    <ul className="flex flex-col items-center gap-1">
      {menu.map((item) => (
        <li key={item.key} className="relative">
          {item.children ? (
            <RailSection item={item} pathname={pathname} />
          ) : (
            <RailLink item={item} pathname={pathname} />
          )}
        </li>
      ))}
    </ul>
  );
}

function RailLink({ item, pathname }: { item: MenuItem; pathname: string }) {
  const label = useMenuLabel();
  const Icon = item.icon;
  const active = item.path === pathname;
  return (
    <Link
      to={item.path ?? pathname}
      aria-label={label(item.label)}
      title={label(item.label)}
      aria-current={active ? 'page' : undefined}
      className={cn(railButton, active && itemActive)}
    >
      {Icon && <Icon className="size-5" aria-hidden="true" />}
    </Link>
  );
}

function RailSection({ item, pathname }: { item: MenuItem; pathname: string }) {
  const intl = useIntl();
  const label = useMenuLabel();
  const { open, close, toggle, hoverProps } = useHoverMenu();
  const Icon = item.icon;
  const panelId = `rail-${item.key}`;
  return (
    <div {...hoverProps}>
      <button
        type="button"
        aria-label={label(item.label)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className={cn(railButton, containsPath(item, pathname) && itemActive)}
      >
        {Icon && <Icon className="size-5" aria-hidden="true" />}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute top-0 left-full z-30 ml-2 max-h-[70vh] w-60 overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-lg dark:border-white/10 dark:bg-slate-900"
        >
          <p className="px-2.5 pt-1 pb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {label(item.label)}
          </p>
          <ul aria-label={intl.formatMessage({ id: 'layout.menu.floors' })}>
            {(item.children ?? []).map((floor) => (
              <li key={floor.key}>
                <FloorRoomLinks
                  floor={floor}
                  pathname={pathname}
                  onNavigate={close}
                  floorClassName="font-medium"
                  roomListClassName="mb-1 ml-3"
                />
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
