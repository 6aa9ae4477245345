import type { BuildingSummary } from '@raumregler/contract';
import { ExternalLink } from 'lucide-react';
import { memo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { cn } from '@/components/ui/cn';
import { DetailField } from '@/components/ui/detail-field';
import { WindowedCards, WindowedTable } from '@/components/ui/windowed-list';
import { buildingLink } from '../utils/building-link';

const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;
const NO_VALUE = '–';

/** Every cell's text of one building, in the active locale ("21,5 °C", "38 %"). */
function describe(intl: IntlShape, building: BuildingSummary) {
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const worst = building.worst_room;
  return {
    rooms: intl.formatNumber(building.rooms),
    below: intl.formatNumber(building.below_target),
    alarms: intl.formatNumber(building.open_alarms),
    demand:
      building.demand === null
        ? NO_VALUE
        : t('buildings.demand', {
            value: intl.formatNumber(building.demand, { maximumFractionDigits: 0 }),
          }),
    worst: worst
      ? t('buildings.worst', {
          room: worst.name,
          floor: worst.floor,
          temperature: `${intl.formatNumber(worst.temperature, oneDecimal)} °C`,
          gap: `${intl.formatNumber(worst.gap, oneDecimal)} K`,
        })
      : t('buildings.worstNone'),
  };
}

/**
 * The building's name as the link that opens its overview (here by its house id, or on its own
 * host): a new page load, as the app decides its building at start.
 */
function BuildingName({ building }: { building: BuildingSummary }) {
  const intl = useIntl();
  const link = buildingLink(building, window.location);
  const className =
    'font-medium text-primary underline-offset-2 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-primary dark:text-sky-300';
  const label = (
    <>
      {building.name}
      {building.host_label && (
        <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
          {building.host_label}
        </span>
      )}
    </>
  );
  return (
    <a href={link.href} className={className}>
      {label}
      {link.kind === 'host' && (
        <>
          <ExternalLink className="ml-1 inline size-3.5 align-[-2px]" aria-hidden="true" />
          <span className="sr-only">
            {' '}
            {intl.formatMessage({ id: 'buildings.otherHost' }, { host: new URL(link.href).host })}
          </span>
        </>
      )}
    </a>
  );
}

/** A count that needs attention stands out (bold, red), with the number itself saying it. */
const attention = (count: number) =>
  cn('tabular-nums', count > 0 && 'font-semibold text-red-700 dark:text-red-300');

type ItemProps = {
  building: BuildingSummary;
  index: number;
  measure?: (e: Element | null) => void;
};

const Row = memo(function Row({ building, index, measure }: ItemProps) {
  const intl = useIntl();
  const d = describe(intl, building);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      className="border-b border-slate-200 align-top dark:border-white/10"
    >
      <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal">
        <BuildingName building={building} />
      </th>
      <td className="px-2 py-2 tabular-nums">{d.rooms}</td>
      <td className={cn('px-2 py-2', attention(building.below_target))}>{d.below}</td>
      <td className={cn('px-2 py-2', attention(building.open_alarms))}>{d.alarms}</td>
      <td className="px-2 py-2 whitespace-nowrap tabular-nums">{d.demand}</td>
      <td className="px-2 py-2">{d.worst}</td>
    </tr>
  );
});

const COLUMNS = ['name', 'rooms', 'below', 'alarms', 'demand', 'worst'];

/** The buildings as a table with a sticky header; only the rows near the viewport on a long list. */
export function BuildingTable({ buildings }: { buildings: readonly BuildingSummary[] }) {
  const intl = useIntl();
  return (
    <WindowedTable
      items={buildings}
      itemKey={(building) => building.house_id}
      label={intl.formatMessage({ id: 'buildings.table.caption' })}
      columns={COLUMNS.map((id) => ({
        id,
        label: intl.formatMessage({ id: `buildings.col.${id}` }),
      }))}
      render={(building, index, measure) => (
        <Row key={building.house_id} building={building} index={index} measure={measure} />
      )}
    />
  );
}

const Card = memo(function Card({ building, index, measure }: ItemProps) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const d = describe(intl, building);
  return (
    <li
      ref={measure}
      data-index={index}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 dark:border-white/10 dark:bg-slate-900"
    >
      <h2 className="min-w-0">
        <BuildingName building={building} />
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <DetailField label={t('buildings.col.rooms')}>{d.rooms}</DetailField>
        <DetailField label={t('buildings.col.below')}>
          <span className={attention(building.below_target)}>{d.below}</span>
        </DetailField>
        <DetailField label={t('buildings.col.alarms')}>
          <span className={attention(building.open_alarms)}>{d.alarms}</span>
        </DetailField>
        <DetailField label={t('buildings.col.demand')}>{d.demand}</DetailField>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-600 dark:text-slate-300">{t('buildings.col.worst')}</dt>
          <dd className="break-words">{d.worst}</dd>
        </div>
      </dl>
    </li>
  );
});

/** The buildings on a phone: one card each, near the viewport only on a long list. */
export function BuildingCards({ buildings }: { buildings: readonly BuildingSummary[] }) {
  const intl = useIntl();
  return (
    <WindowedCards
      items={buildings}
      itemKey={(building) => building.house_id}
      label={intl.formatMessage({ id: 'buildings.table.caption' })}
      estimate={220}
      render={(building, index, measure) => (
        <Card key={building.house_id} building={building} index={index} measure={measure} />
      )}
    />
  );
}
