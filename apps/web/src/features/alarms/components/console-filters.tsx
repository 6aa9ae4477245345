import { ALARM_FILTERS, ALARM_KINDS, type AlarmFilter } from '@raumregler/contract';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { filtersSet, type ConsoleFilters } from '../utils/console-filters';
import { kindLabel } from '../utils/format';

export interface FloorOption {
  id: number;
  name: string;
}

const selectClass =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/**
 * The console's filters (issue 32): state, kinds (any number), floor, and the period of the
 * alarm's start. Every change goes into the URL at once; the kinds come from the contract's one
 * list, so a new kind appears here by itself.
 */
export function ConsoleFiltersForm({
  filters,
  floors,
  floorLabel,
  onChange,
}: {
  filters: ConsoleFilters;
  floors: readonly FloorOption[];
  floorLabel: (name: string) => string;
  onChange: (filters: ConsoleFilters) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const id = useId();
  const toggleKind = (kind: string, on: boolean) =>
    onChange({
      ...filters,
      kinds: on
        ? ALARM_KINDS.filter((each) => each === kind || filters.kinds.includes(each))
        : filters.kinds.filter((each) => each !== kind),
    });
  return (
    <section
      aria-label={t('alarms.filter.title')}
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4 dark:border-white/10 dark:bg-slate-900"
    >
      <div>
        <Label htmlFor={`${id}-state`}>{t('alarms.filter.state')}</Label>
        <select
          id={`${id}-state`}
          className={selectClass}
          value={filters.state}
          onChange={(event) => onChange({ ...filters, state: event.target.value as AlarmFilter })}
        >
          {ALARM_FILTERS.map((state) => (
            <option key={state} value={state}>
              {t(`alarms.filter.state.${state}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor={`${id}-floor`}>{t('alarms.filter.floor')}</Label>
        <select
          id={`${id}-floor`}
          className={selectClass}
          value={filters.floor === undefined ? '' : String(filters.floor)}
          onChange={(event) => {
            const { floor: _floor, ...rest } = filters;
            onChange(
              event.target.value === '' ? rest : { ...rest, floor: Number(event.target.value) },
            );
          }}
        >
          <option value="">{t('alarms.filter.allFloors')}</option>
          {floors.map((floor) => (
            <option key={floor.id} value={floor.id}>
              {floorLabel(floor.name)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2 sm:col-span-2">
        <div>
          <Label htmlFor={`${id}-from`}>{t('alarms.filter.from')}</Label>
          <Input
            id={`${id}-from`}
            type="datetime-local"
            className="px-2 text-sm"
            value={filters.from ?? ''}
            onChange={(event) => onChange({ ...filters, from: event.target.value || undefined })}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-to`}>{t('alarms.filter.to')}</Label>
          <Input
            id={`${id}-to`}
            type="datetime-local"
            className="px-2 text-sm"
            value={filters.to ?? ''}
            onChange={(event) => onChange({ ...filters, to: event.target.value || undefined })}
          />
        </div>
      </div>
      <fieldset className="min-w-0 sm:col-span-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-medium">{t('alarms.filter.kind')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {ALARM_KINDS.map((kind) => (
            <label key={kind} className="inline-flex min-h-6 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={filters.kinds.includes(kind)}
                onChange={(event) => toggleKind(kind, event.target.checked)}
              />
              {intl.messages[`alarms.filterKind.${kind}`]
                ? intl.formatMessage({ id: `alarms.filterKind.${kind}` })
                : kindLabel(intl, kind)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="flex items-end">
        <Button
          variant="secondary"
          size="sm"
          disabled={!filtersSet(filters)}
          onClick={() => onChange({ state: 'open', kinds: [] })}
        >
          {t('alarms.filter.reset')}
        </Button>
      </div>
    </section>
  );
}
