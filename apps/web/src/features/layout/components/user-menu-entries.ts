import { can, managesBuilding, type Capability, type Permissions } from '@raumregler/contract';
import {
  Bell,
  Blocks,
  Building2,
  CalendarOff,
  CreditCard,
  MessagesSquare,
  Receipt,
  Rocket,
  ScrollText,
  Settings,
  ShieldCheck,
  Thermometer,
  UserPen,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '@/config/paths';

/** Spec section 1: account entries whose screens are not part of the product yet ("Soon"). */
export const ACCOUNT_ENTRIES: readonly { id: string; icon: LucideIcon }[] = [
  { id: 'layout.user.publicProfile', icon: UserRound },
  { id: 'layout.user.myProfile', icon: UserPen },
  { id: 'layout.user.getStarted', icon: Rocket },
  { id: 'layout.user.billing', icon: CreditCard },
  { id: 'layout.user.security', icon: ShieldCheck },
  { id: 'layout.user.members', icon: Users },
  { id: 'layout.user.integrations', icon: Blocks },
  { id: 'layout.user.notifications', icon: Bell },
  { id: 'layout.user.devForum', icon: MessagesSquare },
  { id: 'layout.user.payment', icon: Receipt },
];

/**
 * Entries that open a screen of the app, each for the holders of one capability, for
 * building-wide managers (`manageBuilding`: manage without a scope), or for every signed-in
 * user (null).
 */
export const SCREEN_ENTRIES: readonly {
  id: string;
  icon: LucideIcon;
  to: string;
  capability: Capability | 'manageBuilding' | null;
  /** Only when the server speaks MQTT (`GET /api/mqtt/status` `enabled`). */
  mqtt?: boolean;
  /** Only for users with more than one building (`GET /api/buildings/`). */
  manyBuildings?: boolean;
}[] = [
  { id: 'layout.user.myAccount', icon: Settings, to: paths.account, capability: null },
  // Issue 37: every building at a glance, for those who have more than one.
  {
    id: 'layout.user.buildings',
    icon: Building2,
    to: paths.buildings,
    capability: 'read',
    manyBuildings: true,
  },
  { id: 'absences.menu', icon: CalendarOff, to: paths.absences, capability: 'manage' },
  { id: 'layout.user.audit', icon: ScrollText, to: paths.audit, capability: 'manage' },
  { id: 'layout.user.members', icon: Users, to: paths.members, capability: 'manageBuilding' },
  // Issue 35: everyone who may see the building makes tokens for their own tools.
  { id: 'layout.user.integrations', icon: Blocks, to: paths.integrations, capability: 'read' },
  // Issue 36: the zigbee2mqtt devices and their rooms, only where MQTT is set.
  {
    id: 'layout.user.devices',
    icon: Thermometer,
    to: paths.devices,
    capability: 'manageBuilding',
    mqtt: true,
  },
];

/**
 * Whether the holder of these permissions may open the screen of the entry (on `today`, the
 * device's day, when given: outside their validity nobody may).
 */
export const mayOpen = (
  entry: (typeof SCREEN_ENTRIES)[number],
  permissions: Permissions | null | undefined,
  today?: string,
  mqtt = false,
  manyBuildings = false,
) =>
  (entry.mqtt !== true || mqtt) &&
  (entry.manyBuildings !== true || manyBuildings) &&
  (entry.capability === null ||
    (entry.capability === 'manageBuilding'
      ? managesBuilding(permissions, today)
      : can(permissions, entry.capability, null, today)));

/**
 * The account menu's entries without a screen ("Soon"): the spec's list, less those whose screen
 * this user may open (Mitglieder & Rollen is live for building-wide managers, Integrationen
 * for everyone who may see the building, "Soon" for others).
 */
export const soonEntries = (permissions: Permissions | null | undefined, today?: string) =>
  ACCOUNT_ENTRIES.filter(
    (account) =>
      !SCREEN_ENTRIES.some(
        (screen) => screen.id === account.id && mayOpen(screen, permissions, today),
      ),
  );
