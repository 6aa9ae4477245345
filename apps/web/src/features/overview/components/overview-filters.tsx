import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { STATE_FILTERS, type OverviewQuery, type StateFilter } from '../utils/query';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Search field, floor choice and state choice; their values live in the URL. */
export function OverviewFilters({
  query,
  floors,
  onChange,
  states = STATE_FILTERS,
  stacked = false,
}: {
  query: OverviewQuery;
  /** The state choices offered (alarm and absence only where the route supplies them). */
  states?: readonly StateFilter[];
  floors: readonly { id: number; name: string }[];
  onChange: (change: Partial<OverviewQuery>) => void;
  stacked?: boolean;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const search = useSearchText(query.q, onChange);
  return (
    <div className={stacked ? 'flex flex-col gap-3' : 'grid gap-3 sm:grid-cols-[1fr_12rem_12rem]'}>
      <div>
        <label htmlFor={`${id}-q`} className="mb-1 block text-sm font-medium">
          {t('overview.search')}
        </label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <input
            id={`${id}-q`}
            type="search"
            value={search.text}
            onChange={(event) => search.change(event.target.value)}
            className="h-10 w-full rounded-lg border border-slate-300 bg-white pr-3 pl-9 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-floor`} className="mb-1 block text-sm font-medium">
          {t('overview.floorFilter')}
        </label>
        <select
          id={`${id}-floor`}
          className={selectClass}
          value={query.floor === null ? '' : String(query.floor)}
          onChange={(event) =>
            onChange({ floor: event.target.value === '' ? null : Number(event.target.value) })
          }
        >
          <option value="">{t('overview.floorAll')}</option>
          {floors.map((floor) => (
            <option key={floor.id} value={floor.id}>
              {floor.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-state`} className="mb-1 block text-sm font-medium">
          {t('overview.stateFilter')}
        </label>
        <select
          id={`${id}-state`}
          className={selectClass}
          value={query.state ?? ''}
          onChange={(event) =>
            onChange({
              state: event.target.value === '' ? null : (event.target.value as StateFilter),
            })
          }
        >
          <option value="">{t('overview.stateAll')}</option>
          {states.map((state) => (
            <option key={state} value={state}>
              {t(`overview.state.${state}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * The search field's text. The URL takes it in a transition (the router's updates are), so the
 * field cannot show the URL's value: until the transition commits, React would put the old
 * value back after every keystroke, and on a slow machine with a big building a character
 * typed meanwhile would be lost. The field keeps what was typed; a value in the URL that the
 * field did not send (a reset link, back and forward) replaces it.
 */
function useSearchText(q: string, onChange: (change: Partial<OverviewQuery>) => void) {
  // text: the field's; seen: the URL's value last rendered; sent: what the field sent that the
  // URL may still bring back, oldest first.
  const [search, setSearch] = useState({ text: q, seen: q, sent: [] as readonly string[] });
  if (q !== search.seen) {
    const index = search.sent.indexOf(q);
    setSearch(
      index >= 0
        ? { ...search, seen: q, sent: search.sent.slice(index + 1) }
        : { text: q, seen: q, sent: [] },
    );
  }
  const change = (value: string) => {
    setSearch((current) => ({ ...current, text: value, sent: [...current.sent, value] }));
    onChange({ q: value });
  };
  return { text: search.text, change };
}
