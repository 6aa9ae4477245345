import type { LucideIcon } from 'lucide-react';
import { cn } from './cn';

/**
 * In the dark theme the disc is either an opaque deep teal (`solid`, as on the auth screens) or a
 * faint teal wash that lets the surface under it show through (`wash`, as on a card in the app).
 */
const darkFills = {
  solid: 'dark:bg-teal-950',
  wash: 'dark:bg-teal-400/10',
} as const;

/** A decorative icon on a round teal disc, heading an empty state or a confirmation. */
export function IconBadge({
  icon: Icon,
  darkFill,
}: {
  icon: LucideIcon;
  darkFill: keyof typeof darkFills;
}) {
  return (
    <span
      className={cn(
        'grid size-12 place-items-center rounded-full bg-teal-50 text-teal-700 dark:text-teal-300',
        darkFills[darkFill],
      )}
    >
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
