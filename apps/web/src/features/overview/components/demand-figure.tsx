import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { figureClass } from '../utils/figure';
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
        className={figureClass(current)}
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
