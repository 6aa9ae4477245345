import { useMenuLabel } from '../hooks/use-menu-label';
import { isCurrentPage, type MenuItem } from '../utils/menu';
import { MenuLink } from './menu-link';

/** A floor's link with its rooms' links below: the body of the mega menu and the sidebar flyout. */
export function FloorRoomLinks({
  floor,
  pathname,
  onNavigate,
  floorClassName,
  roomListClassName,
}: {
  floor: MenuItem;
  pathname: string;
  onNavigate: () => void;
  floorClassName: string;
  roomListClassName: string;
}) {
  const label = useMenuLabel();
  return (
    <>
      <MenuLink
        item={floor}
        text={label(floor.label)}
        active={floor.path === pathname}
        onNavigate={onNavigate}
        className={floorClassName}
      />
      <ul className={roomListClassName}>
        {(floor.children ?? []).map((room) => (
          <li key={room.key}>
            <MenuLink
              item={room}
              text={label(room.label)}
              active={isCurrentPage(room, pathname)}
              onNavigate={onNavigate}
              className="min-h-8 text-[13px]"
            />
          </li>
        ))}
      </ul>
    </>
  );
}
