import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { serializeQuery, type OverviewQuery } from '../utils/query';

/**
 * "Heizbedarf 38 %" (issue 32): the mean valve opening of the rooms in the current filter, a
 * link like the other figures that keeps search and floor and shows the rooms that heat
 * (`state=demand`).
 */
export function DemandFigure({ mean, query }: { mean: number | null; query: OverviewQuery }) {
  const intl = useIntl();
  const current = query.state === 'demand';
  const search = serializeQuery({ ...query, state: 'demand' }).toString();
  return (
    <li>
      <Link
        to={{ search: `?${search}` }}
        aria-current={current ? 'true' : undefined}
        className={cn(
          'inline-flex h-9 items-center rounded-full border px-3 text-sm font-medium tabular-nums hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-primary dark:hover:bg-slate-800',
          current
            ? 'border-primary bg-primary/10 text-slate-900 dark:text-white'
            : 'border-slate-300 bg-white text-slate-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100',
        )}
      >
        {mean === null
          ? intl.formatMessage({ id: 'overview.summary.demandNone' })
          : intl.formatMessage(
              { id: 'overview.summary.demand' },
              { value: intl.formatNumber(mean, { maximumFractionDigits: 0 }) },
            )}
      </Link>
    </li>
  );
}
