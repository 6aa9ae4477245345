import { ChevronDown } from 'lucide-react';

export const userMenuButtonClass =
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm hover:bg-slate-100 data-[state=open]:bg-slate-100 dark:hover:bg-white/5 dark:data-[state=open]:bg-white/5';

/**
 * What the user menu's button shows: initials, the name, a chevron. The name gives way between
 * `lg` and `xl`, where the sidebar and the mega menu leave the breadcrumb least room.
 */
export function UserMenuButtonContent({ username }: { username: string }) {
  return (
    <>
      <span
        aria-hidden="true"
        className="grid size-8 place-items-center rounded-full bg-teal-700 text-xs font-semibold text-white"
      >
        {username.slice(0, 2).toUpperCase()}
      </span>
      <span className="hidden max-w-32 truncate font-medium sm:inline lg:hidden xl:inline">
        {username}
      </span>
      <ChevronDown className="size-4 text-slate-500" aria-hidden="true" />
    </>
  );
}
