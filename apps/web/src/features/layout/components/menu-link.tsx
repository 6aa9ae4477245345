import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import type { MenuItem } from '../utils/menu';

// The focus ring inside the entry: long menus skip drawing their off-screen entries
// (offScreenSkipped), which clips whatever an entry paints outside its box.
export const itemBase =
  'flex min-h-9 w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary';
export const itemIdle =
  'text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-white/5 dark:hover:text-white';
export const itemActive =
  'bg-teal-50 font-medium text-teal-800 dark:bg-teal-400/10 dark:text-teal-200';

/**
 * One menu entry as a link, as plain text (no path) or, when disabled, as muted text with a
 * "Soon" badge. `active` marks the entry of the page shown.
 */
export function MenuLink({
  item,
  text,
  active,
  onNavigate,
  className,
  children,
}: {
  item: MenuItem;
  text: string;
  active: boolean;
  onNavigate?: () => void;
  className?: string;
  children?: React.ReactNode;
}) {
  if (item.disabled)
    return (
      <span className={cn(itemBase, 'cursor-not-allowed text-slate-400', className)}>
        {children}
        <span className="flex-1 truncate">{text}</span>
        <Badge>
          <FormattedMessage id="common.soon" />
        </Badge>
      </span>
    );
  if (!item.path)
    return (
      <span
        className={cn(
          itemBase,
          active ? itemActive : 'text-slate-600 dark:text-slate-400',
          className,
        )}
        aria-current={active ? 'page' : undefined}
      >
        {children}
        <span className="flex-1 truncate">{text}</span>
      </span>
    );
  return (
    <Link
      to={item.path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(itemBase, active ? itemActive : itemIdle, className)}
    >
      {children}
      <span className="flex-1 truncate">{text}</span>
    </Link>
  );
}
