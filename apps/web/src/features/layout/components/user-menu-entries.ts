import {
  Bell,
  Blocks,
  CreditCard,
  MessagesSquare,
  Receipt,
  Rocket,
  Settings,
  ShieldCheck,
  UserPen,
  UserRound,
  Users,
  type LucideIcon,
} from 'lucide-react';

/** Spec section 1: account entries whose screens are not part of the product yet ("Soon"). */
export const ACCOUNT_ENTRIES: readonly { id: string; icon: LucideIcon }[] = [
  { id: 'layout.user.publicProfile', icon: UserRound },
  { id: 'layout.user.myProfile', icon: UserPen },
  { id: 'layout.user.myAccount', icon: Settings },
  { id: 'layout.user.getStarted', icon: Rocket },
  { id: 'layout.user.billing', icon: CreditCard },
  { id: 'layout.user.security', icon: ShieldCheck },
  { id: 'layout.user.members', icon: Users },
  { id: 'layout.user.integrations', icon: Blocks },
  { id: 'layout.user.notifications', icon: Bell },
  { id: 'layout.user.devForum', icon: MessagesSquare },
  { id: 'layout.user.payment', icon: Receipt },
];

/** A screen of the app in the account menu; the route lists those the user's capabilities allow. */
export interface UserMenuLink {
  /** Message id of its label. */
  id: string;
  path: string;
  icon: LucideIcon;
}
