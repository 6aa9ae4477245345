import { areaAllowsRead, type Floor, type Permissions } from '@raumregler/contract';
import { Palette, Thermometer, Gauge, type LucideIcon } from 'lucide-react';
import { paths, type Area } from '@/config/paths';

/** What an item is called: a catalogue message, a floor label (EG → Erdgeschoss) or plain text. */
export type MenuLabel = { id: string } | { floor: string } | { text: string };

/**
 * One entry of the navigation. The sidebar, the mega menu and the breadcrumb are three views of
 * the same list, so they can never disagree.
 */
export interface MenuItem {
  key: string;
  label: MenuLabel;
  icon?: LucideIcon;
  /** Where the item links; without it the item is shown as text. */
  path?: string;
  /** The page the item stands for when it is no link (PRO rooms): for active state and breadcrumb. */
  matchPath?: string;
  /** A room's id (its number): the room search finds rooms by it. */
  roomId?: number;
  /** No screen yet: shown with a "Soon" badge and not clickable. */
  disabled?: boolean;
  children?: MenuItem[];
}

const AREA_TITLES: Record<Area, string> = {
  smart: 'layout.menu.smart',
  pro: 'layout.menu.pro',
};

function areaSection(area: Area, floors: Floor[]): MenuItem {
  return {
    key: area,
    label: { id: AREA_TITLES[area] },
    icon: area === 'smart' ? Thermometer : Gauge,
    children: floors.map((floor) => ({
      key: `${area}-floor-${floor.id}`,
      label: { floor: floor.etagenname },
      path: paths.floor(area, floor.id),
      children: floor.raeume.map((room) => ({
        key: `${area}-room-${room.id}`,
        label: { text: room.name },
        roomId: room.id,
        // SMART rooms open their room page; PRO rooms are listed without links (spec §2).
        ...(area === 'smart'
          ? { path: paths.room('smart', room.id) }
          : { matchPath: paths.room('pro', room.id) }),
      })),
    })),
  };
}

/**
 * The navigation of a signed-in user: an area appears when its access lets the user read it
 * (anything but 'no-access', the contract's `areaAllowsRead`); until the permissions are known,
 * no area is shown (never one the user may not see).
 */
export function buildMenu(
  permissions: Permissions | undefined,
  floors: Floor[] | undefined,
): MenuItem[] {
  const menu: MenuItem[] = [];
  if (permissions) {
    if (areaAllowsRead(permissions.access_to_smart)) menu.push(areaSection('smart', floors ?? []));
    if (areaAllowsRead(permissions.access_to_pro)) menu.push(areaSection('pro', floors ?? []));
  }
  menu.push({
    key: 'appearance',
    label: { id: 'layout.menu.appearance' },
    icon: Palette,
    path: paths.appearance,
  });
  return menu;
}

/** Whether `item` stands for the page at `pathname` (a PRO room has no link, only a match path). */
export function isCurrentPage(item: MenuItem, pathname: string): boolean {
  return item.path === pathname || item.matchPath === pathname;
}

/** The items from the top of the menu down to the one standing for `pathname`; [] if none. */
export function findTrail(menu: MenuItem[], pathname: string): MenuItem[] {
  for (const item of menu) {
    if (isCurrentPage(item, pathname)) return [item];
    const below = findTrail(item.children ?? [], pathname);
    if (below.length > 0) return [item, ...below];
  }
  return [];
}

/**
 * Pages that are not in the menu (reached from the bell and the account menu): each is its own
 * one-crumb trail, so the breadcrumb names them as it names every other page.
 */
const PAGES_OUTSIDE_MENU: MenuItem[] = [
  { key: 'alarms', label: { id: 'alarms.title' }, path: paths.alarms },
  { key: 'absences', label: { id: 'absences.title' }, path: paths.absences },
  { key: 'audit', label: { id: 'audit.page.title' }, path: paths.audit },
  { key: 'account', label: { id: 'layout.user.myAccount' }, path: paths.account },
  { key: 'members', label: { id: 'layout.user.members' }, path: paths.members },
  { key: 'integrations', label: { id: 'layout.user.integrations' }, path: paths.integrations },
  { key: 'devices', label: { id: 'layout.user.devices' }, path: paths.devices },
  { key: 'buildings', label: { id: 'layout.user.buildings' }, path: paths.buildings },
];

/** The breadcrumb's trail for `pathname`: through the menu, or a page outside it; [] if none. */
export function pageTrail(menu: MenuItem[], pathname: string): MenuItem[] {
  const trail = findTrail(menu, pathname);
  return trail.length > 0 ? trail : findTrail(PAGES_OUTSIDE_MENU, pathname);
}

/** Whether `item` or anything below it stands for `pathname`. */
export function containsPath(item: MenuItem, pathname: string): boolean {
  return findTrail([item], pathname).length > 0;
}
