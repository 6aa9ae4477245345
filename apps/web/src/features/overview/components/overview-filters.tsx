import { useEffect, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { STATE_FILTERS, type OverviewQuery, type StateFilter } from '../utils/query';
import { SearchInput } from '@/components/ui/search-input';

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
        <SearchInput
          id={`${id}-q`}
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          onBlur={(event) => {
            // Not when the field is being removed (the page is left): nothing to filter then.
            if (event.currentTarget.isConnected) search.flush();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') search.flush();
          }}
        />
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

/** How long the search field waits after the last key before the URL (and the filter) follow. */
const SEARCH_DEBOUNCE_MS = 150;

/**
 * The search field's text. The URL takes it in a transition (the router's updates are), so the
 * field cannot show the URL's value: until a transition commits, React would put the old value
 * back after every key, and on a slow machine with a big building characters typed meanwhile
 * were lost. The field keeps what is typed and writes it to the URL once typing pauses, so no
 * older value is still on its way while the person types; a URL value that arrives while nothing
 * is being typed (a reset link, back and forward) replaces the text.
 * The field also writes at once when it loses focus or Enter is pressed (`flush`): a write still
 * waiting for the pause when a room's link was clicked navigated back to the overview and so
 * cancelled the way into the room (the long-task bench clicked within those 150 ms).
 */
function useSearchText(q: string, onChange: (change: Partial<OverviewQuery>) => void) {
  const [text, setText] = useState(q);
  const [typing, setTyping] = useState(false);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    if (!typing) setText(q);
  }
  useEffect(() => {
    if (!typing) return;
    const timer = setTimeout(() => {
      setTyping(false);
      onChange({ q: text });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typing, text, onChange]);
  const change = (value: string) => {
    setText(value);
    setTyping(true);
  };
  const flush = () => {
    if (!typing) return;
    setTyping(false);
    onChange({ q: text });
  };
  return { text, change, flush };
}
