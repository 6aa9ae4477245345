import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { NO_FILTERS, parseDay, type AuditFilters } from '../utils/filters';

export interface AuditRoomOption {
  id: number;
  name: string;
  floor: string;
}

const field =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-primary dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:[color-scheme:dark]';
const label = 'flex flex-col gap-1 text-sm font-medium text-slate-700 dark:text-slate-300';

/** Room, user and period; applied together, so the URL changes once per search. */
export function AuditFiltersForm({
  filters,
  rooms,
  onApply,
}: {
  filters: AuditFilters;
  rooms: AuditRoomOption[];
  onApply: (filters: AuditFilters) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [draft, setDraft] = useState(filters);
  const [shown, setShown] = useState(filters);
  // The URL changed from outside (back button, a link): the form follows it.
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form
      onSubmit={submit}
      aria-label={t('audit.filter.title')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_auto_auto_auto] lg:items-end"
    >
      <label className={label}>
        {t('audit.filter.room')}
        <select
          className={field}
          value={draft.room ?? ''}
          onChange={(event) =>
            setDraft({ ...draft, room: event.target.value ? Number(event.target.value) : null })
          }
        >
          <option value="">{t('audit.filter.allRooms')}</option>
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.floor ? `${room.name} (${room.floor})` : room.name}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        {t('audit.filter.user')}
        <input
          className={field}
          value={draft.user}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          title={t('audit.filter.userHint')}
          onChange={(event) => setDraft({ ...draft, user: event.target.value })}
        />
      </label>
      <label className={label}>
        {t('audit.filter.from')}
        <input
          type="date"
          className={field}
          value={draft.from ?? ''}
          max={draft.to ?? undefined}
          onChange={(event) => setDraft({ ...draft, from: parseDay(event.target.value) })}
        />
      </label>
      <label className={label}>
        {t('audit.filter.to')}
        <input
          type="date"
          className={field}
          value={draft.to ?? ''}
          min={draft.from ?? undefined}
          onChange={(event) => setDraft({ ...draft, to: parseDay(event.target.value) })}
        />
      </label>
      <div className="flex gap-2">
        <Button type="submit">{t('audit.filter.apply')}</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {t('audit.filter.reset')}
        </Button>
      </div>
    </form>
  );
}
