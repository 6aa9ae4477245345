import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { rowInState } from '../utils/filter';
import { serializeQuery, type OverviewQuery, type StateFilter } from '../utils/query';
import type { OverviewRow } from '../utils/rows';
import { DemandFigure } from './demand-figure';
import { figureClass } from '../utils/figure';

/** Rooms, unter/über Ziel, vorübergehend, ohne Sensor: each a link that applies its filter. */
export function OverviewSummary({
  rows,
  query,
  marks,
  demand = null,
}: {
  rows: readonly OverviewRow[];
  query: OverviewQuery;
  /** Which of our server's marks the route supplies: only those get a figure. */
  marks: { alarms: boolean; absences: boolean };
  /** "Heizbedarf" over the rooms in the current filter (issue 32); null until outs is known. */
  demand?: { mean: number | null } | null;
}) {
  const intl = useIntl();
  const count = (state: StateFilter) => rows.filter((row) => rowInState(row, state)).length;
  const figures: { state: StateFilter | null; id: string; count: number }[] = [
    { state: null, id: 'overview.summary.rooms', count: rows.length },
    { state: 'below', id: 'overview.summary.below', count: count('below') },
    { state: 'above', id: 'overview.summary.above', count: count('above') },
    { state: 'temporary', id: 'overview.summary.temporary', count: count('temporary') },
    { state: 'no-sensor', id: 'overview.summary.noSensor', count: count('no-sensor') },
  ];
  if (marks.absences) {
    figures.push({ state: 'absent', id: 'overview.summary.absent', count: count('absent') });
  }
  if (marks.alarms) {
    figures.push({ state: 'alarm', id: 'overview.summary.alarm', count: count('alarm') });
  }
  return (
    <nav aria-label={intl.formatMessage({ id: 'overview.summary' })}>
      <ul className="flex flex-wrap gap-2">
        {figures.map((figure) => {
          const current = query.state === figure.state && query.q === '' && query.floor === null;
          const search = serializeQuery({
            q: '',
            floor: null,
            state: figure.state,
            sort: query.sort,
          }).toString();
          return (
            <li key={figure.id}>
              <Link
                to={{ search: search ? `?${search}` : '' }}
                aria-current={current ? 'true' : undefined}
                className={figureClass(current)}
              >
                {intl.formatMessage({ id: figure.id }, { count: figure.count })}
              </Link>
            </li>
          );
        })}
        {demand && <DemandFigure mean={demand.mean} query={query} />}
      </ul>
    </nav>
  );
}
