import { useId } from 'react';
import { useIntl } from 'react-intl';
import { SORT_KEYS, type OverviewQuery, type SortKey } from '../utils/query';

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** The phone's sort: a column and a direction (the table's headers do this on wider screens). */
export function SortFields({
  query,
  onChange,
}: {
  query: OverviewQuery;
  onChange: (change: Partial<OverviewQuery>) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={`${id}-key`} className="mb-1 block text-sm font-medium">
          {t('overview.sort')}
        </label>
        <select
          id={`${id}-key`}
          className={selectClass}
          value={query.sort?.key ?? ''}
          onChange={(event) =>
            onChange({
              sort:
                event.target.value === ''
                  ? null
                  : {
                      key: event.target.value as SortKey,
                      descending: query.sort?.descending ?? false,
                    },
            })
          }
        >
          <option value="">{t('overview.sortDefault')}</option>
          {SORT_KEYS.map((key) => (
            <option key={key} value={key}>
              {t(`overview.col.${key}`)}
            </option>
          ))}
        </select>
      </div>
      {query.sort && (
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t('overview.sort')}</legend>
          {[false, true].map((descending) => (
            <label key={String(descending)} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-direction`}
                className="size-4 accent-primary"
                checked={query.sort?.descending === descending}
                onChange={() =>
                  query.sort && onChange({ sort: { key: query.sort.key, descending } })
                }
              />
              {t(descending ? 'overview.sortDescending' : 'overview.sortAscending')}
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}
