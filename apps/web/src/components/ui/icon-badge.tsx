import type { LucideIcon } from 'lucide-react';

/**
 * A decorative icon on a round teal disc, heading an empty state or a confirmation. In the dark
 * theme the disc is a faint teal wash over whatever surface it sits on (card or page), never a
 * light spot.
 */
export function IconBadge({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="grid size-12 place-items-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-400/15 dark:text-teal-300">
      <Icon className="size-6" aria-hidden="true" />
    </span>
  );
}
