import { useEffect, useRef } from 'react';
import { useMenuLabel } from '../hooks/use-menu-label';
import { isCurrentPage, type MenuItem } from '../utils/menu';
import { MenuLink } from './menu-link';

/**
 * A menu entry below the visible part of a long menu (a floor's 50 rooms, a building's 20
 * floors) is not styled, laid out or painted until it scrolls near: on the 1,000-room building
 * the sidebar was half of the elements of a page's first paint (300 of 580), one task of 55–85 ms
 * at 4x CPU. The entries stay in the accessibility tree and in find-in-page; `auto` remembers an
 * entry's height once drawn, 2.25 rem (a menu row) before.
 */
export const offScreenSkipped = '[content-visibility:auto] [contain-intrinsic-size:auto_2.25rem]';

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

/**
 * A floor's rooms as a list of links, the current room marked: below a floor in every menu. With
 * `scrollToCurrent` (the sidebar), the current room is scrolled into view when it changes.
 */
export function RoomLinks({
  rooms,
  pathname,
  onNavigate,
  id,
  className,
  scrollToCurrent = false,
}: {
  rooms: MenuItem[];
  pathname: string;
  onNavigate?: () => void;
  id?: string;
  className: string;
  scrollToCurrent?: boolean;
}) {
  const label = useMenuLabel();
  const ref = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (!scrollToCurrent) return;
    // In the next frame, where the browser lays the page out anyway: scrolling from the effect
    // itself made it lay out the new page once more in a task of its own.
    const frame = requestAnimationFrame(() =>
      ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' }),
    );
    return () => cancelAnimationFrame(frame);
  }, [scrollToCurrent, pathname]);
  return (
    <ul ref={ref} id={id} className={className}>
      {rooms.map((room) => (
        <li key={room.key} className={offScreenSkipped}>
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
