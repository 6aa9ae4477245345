import { memo, type Ref } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { formatDeviation, formatStatus, formatTemp } from '../utils/format';
import { useWindowRows } from '../hooks/use-window-rows';
import { offTarget, statusTone, type OverviewRow } from '../utils/rows';
import { VIRTUAL_FROM, type Selection } from './overview-table';
import { leaveRow } from './table-row';
import { ValveText } from './valve-cell';

interface CardProps {
  roomHref: (roomId: number) => string;
  now: Date;
  selection: Selection | null;
}

/** The phone's list: one compact card per room: name, current, target, deviation, valve, status. */
export function OverviewCards({
  rows,
  roomHref,
  now,
  selection,
}: CardProps & { rows: readonly OverviewRow[] }) {
  const intl = useIntl();
  const all = rows.length > 0 && !!selection && rows.every((row) => selection.selected.has(row.id));
  return (
    <div className="flex flex-col gap-2">
      {selection && (
        <label className="flex items-center gap-2 px-1 text-sm font-medium">
          <input
            type="checkbox"
            className="size-5 accent-primary"
            checked={all}
            onChange={(event) => selection.setAll(event.target.checked)}
          />
          {intl.formatMessage({ id: 'overview.selectAll' })}
        </label>
      )}
      {rows.length >= VIRTUAL_FROM ? (
        <VirtualCards rows={rows} roomHref={roomHref} now={now} selection={selection} />
      ) : (
        <ul className={listClass} aria-label={intl.formatMessage({ id: 'overview.list' })}>
          {rows.map((row) => (
            <OverviewCard
              key={row.id}
              row={row}
              intl={intl}
              href={roomHref(row.id)}
              now={now}
              selected={selection ? selection.selected.has(row.id) : null}
              onToggle={selection?.toggle}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

const listClass = 'flex flex-col gap-2';

/**
 * A long list's cards near the viewport, with the space of the others as the list's padding
 * (a phone drew all 1,000 cards of the big building, about 18,000 elements); each card says its
 * place in the whole list (aria-posinset, aria-setsize).
 */
function VirtualCards({
  rows,
  roomHref,
  now,
  selection,
}: CardProps & { rows: readonly OverviewRow[] }) {
  const intl = useIntl();
  const { items, before, after, startRef, firstRef } = useWindowRows<
    HTMLUListElement,
    HTMLLIElement
  >({
    name: 'overview-cards',
    count: rows.length,
    itemKey: (index) => rows[index]?.id ?? index,
    // Name line, the three figures and the status line, with p-3 and a border.
    defaultSize: 114,
    // gap-2 between the cards.
    gap: 8,
    overscan: 3,
  });
  return (
    <ul
      ref={startRef}
      className={listClass}
      style={{ paddingTop: before, paddingBottom: after }}
      aria-label={intl.formatMessage({ id: 'overview.list' })}
    >
      {items.map((item, position) => {
        const row = rows[item.index]!;
        return (
          <OverviewCard
            key={row.id}
            row={row}
            cardRef={position === 0 ? firstRef : undefined}
            place={{ index: item.index + 1, of: rows.length }}
            intl={intl}
            href={roomHref(row.id)}
            now={now}
            selected={selection ? selection.selected.has(row.id) : null}
            onToggle={selection?.toggle}
          />
        );
      })}
    </ul>
  );
}

const OverviewCard = memo(function OverviewCard({
  row,
  cardRef,
  place,
  intl,
  href,
  now,
  selected,
  onToggle,
}: {
  row: OverviewRow;
  cardRef?: Ref<HTMLLIElement>;
  /** The card's place in a list of which only some cards are drawn. */
  place?: { index: number; of: number };
  intl: IntlShape;
  href: string;
  now: Date;
  selected: boolean | null;
  onToggle?: (roomId: number) => void;
}) {
  const t = (id: string) => intl.formatMessage({ id });
  const off = offTarget(row) !== null;
  return (
    <li
      ref={cardRef}
      aria-posinset={place?.index}
      aria-setsize={place?.of}
      className={cn(
        'flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 dark:border-white/10 dark:bg-slate-900',
        selected && 'border-primary/60 bg-primary/5 dark:bg-primary/15',
      )}
    >
      {selected !== null && (
        <input
          type="checkbox"
          className="mt-1 size-5 shrink-0 accent-primary"
          aria-label={intl.formatMessage({ id: 'overview.selectRoom' }, { room: row.name })}
          checked={selected}
          onChange={() => onToggle?.(row.id)}
        />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-baseline justify-between gap-2">
          <Link
            to={href}
            onClick={leaveRow}
            className="truncate font-semibold text-primary underline-offset-2 hover:underline dark:text-sky-300"
          >
            {row.name}
          </Link>
          <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
            {row.floorName}
          </span>
        </div>
        <dl className="grid grid-cols-4 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {t('overview.col.current')}
            </dt>
            <dd className="tabular-nums">{formatTemp(intl, row.current)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {t('overview.col.target')}
            </dt>
            <dd className="tabular-nums">{formatTemp(intl, row.target)}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {t('overview.col.deviation')}
            </dt>
            <dd
              className={cn(
                'tabular-nums',
                off && 'font-semibold',
                off &&
                  (row.deviation! < 0
                    ? 'text-sky-800 dark:text-sky-300'
                    : 'text-red-700 dark:text-red-300'),
              )}
            >
              {formatDeviation(intl, row.deviation)}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600 dark:text-slate-400">
              {t('overview.col.valve')}
            </dt>
            <dd className="tabular-nums">
              <ValveText intl={intl} valve={row.valve} />
            </dd>
          </div>
        </dl>
        <p className={cn('text-sm', statusTone(row))}>{formatStatus(intl, row, now)}</p>
      </div>
    </li>
  );
});
