import { ChevronRight, House } from 'lucide-react';
import { Fragment, memo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/document-title';
import { useMenuLabel } from '../hooks/use-menu-label';
import { pageTrail, type MenuItem } from '../utils/menu';

/**
 * Where the user is, found by looking the path up in the menu (or among the few pages outside it,
 * `pageTrail`). Memoized: the frame re-renders
 * with every temps answer, and on a big building looking the path up among 1,000 rooms each
 * time costs; the menu keeps its identity while its floors and rooms stay the same.
 */
export const Breadcrumb = memo(function Breadcrumb({
  menu,
  pathname,
}: {
  menu: MenuItem[];
  pathname: string;
}) {
  const intl = useIntl();
  const label = useMenuLabel();
  const trail = pageTrail(menu, pathname);
  const current = trail.at(-1);
  useDocumentTitle(
    current
      ? label(current.label)
      : pathname === paths.home
        ? intl.formatMessage({ id: 'dashboard.title' })
        : undefined,
  );
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'layout.breadcrumb' })}
      className="@container min-w-0"
    >
      <ol className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500 dark:text-slate-400">
        <li className="shrink-0">
          {trail.length === 0 && pathname === paths.home ? (
            <span aria-current="page" className="font-medium text-slate-900 dark:text-slate-100">
              <FormattedMessage id="dashboard.title" />
            </span>
          ) : (
            <Link
              to={paths.home}
              className="grid size-7 place-items-center rounded-md hover:bg-slate-100 hover:text-slate-900 dark:hover:bg-white/5 dark:hover:text-white"
              aria-label={intl.formatMessage({ id: 'layout.home' })}
            >
              <House className="size-4" aria-hidden="true" />
            </Link>
          )}
        </li>
        {trail.map((item, index) => {
          const last = index === trail.length - 1;
          // Crumbs before the parent (the area) show only where the breadcrumb has room for
          // them (at least 28rem): at 1280 px beside the sidebar and the mega menu it has less,
          // and all three squeezed read "Raumr… › Er…". The parent and the current page stay.
          const early = index < trail.length - 2;
          const shown = early ? 'hidden @md:block' : 'hidden sm:block';
          const text = label(item.label);
          return (
            <Fragment key={item.key}>
              {/* A separator goes with its crumb: on phones only the current one shows. */}
              <li aria-hidden="true" className={last ? 'shrink-0' : cn('shrink-0', shown)}>
                <ChevronRight className="size-3.5" />
              </li>
              {/* Short of room, the earlier crumbs give way (full name as tooltip); the current
                  page's name keeps its whole width, up to the breadcrumb's own. Even a fraction of
                  a pixel less would cut it with an ellipsis, so it does not shrink at all. */}
              <li
                title={text}
                className={
                  last
                    ? 'max-w-[calc(100%-3.5rem)] shrink-0 truncate'
                    : cn('min-w-0 truncate', shown)
                }
              >
                {last ? (
                  <span
                    aria-current="page"
                    className="font-medium text-slate-900 dark:text-slate-100"
                  >
                    {text}
                  </span>
                ) : item.path ? (
                  <Link to={item.path} className="hover:text-slate-900 dark:hover:text-white">
                    {text}
                  </Link>
                ) : (
                  text
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
});
