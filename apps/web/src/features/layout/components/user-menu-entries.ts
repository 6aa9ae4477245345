import type { Capability } from '@raumregler/contract';
import {
  Bell,
  Blocks,
  CalendarOff,
  CreditCard,
  MessagesSquare,
  Receipt,
  Rocket,
  ScrollText,
  Settings,
  ShieldCheck,
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
 * Entries that open a screen of the app, each for the holders of one capability, or for every
 * signed-in user (null).
 */
export const SCREEN_ENTRIES: readonly {
  id: string;
  icon: LucideIcon;
  to: string;
  capability: Capability | null;
}[] = [
  { id: 'layout.user.myAccount', icon: Settings, to: paths.account, capability: null },
  { id: 'absences.menu', icon: CalendarOff, to: paths.absences, capability: 'manage' },
  { id: 'layout.user.audit', icon: ScrollText, to: paths.audit, capability: 'manage' },
];
