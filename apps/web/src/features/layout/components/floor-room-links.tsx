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
      <RoomLinks
        rooms={floor.children ?? []}
        pathname={pathname}
        onNavigate={onNavigate}
        className={roomListClassName}
      />
    </>
  );
}

/** A floor's rooms as a list of links, the current room marked: below a floor in every menu. */
export function RoomLinks({
  rooms,
  pathname,
  onNavigate,
  id,
  className,
}: {
  rooms: MenuItem[];
  pathname: string;
  onNavigate?: () => void;
  id?: string;
  className: string;
}) {
  const label = useMenuLabel();
  return (
    <ul id={id} className={className}>
      {rooms.map((room) => (
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
  );
}
