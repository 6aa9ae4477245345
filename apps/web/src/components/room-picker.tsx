import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { SearchInput } from '@/components/ui/search-input';

/** A floor as a picker offers it: its name as shown and its rooms in the building's order. */
export interface PickerFloor {
  id: number;
  name: string;
  rooms: readonly { id: number; name: string }[];
}

/** Lower case without accents, so "kuche" finds "Küche". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * Choose rooms of a big building: a search field, one checkbox per floor that selects or clears
 * the whole floor (or, while searching, the floor's matching rooms) with one click, shown as
 * mixed when part of it is chosen, and a checkbox per room. `all` adds one more for every room
 * shown. Used by every room picker (absences, copying a week); it knows no feature.
 */
export function RoomPicker({
  floors,
  selected,
  onChange,
  all = false,
  exclude,
  describedBy,
}: {
  floors: readonly PickerFloor[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** Offer "Alle Räume" above the floors. */
  all?: boolean;
  /** A room not offered (the room a week is copied from). */
  exclude?: number;
  /** The id of a message about the choice (an error), for the search field and the list. */
  describedBy?: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const id = useId();
  const [query, setQuery] = useState('');
  const needle = fold(query.trim());
  const shown = useMemo(
    () =>
      floors
        .map((floor) => {
          const floorMatches = needle !== '' && fold(floor.name).includes(needle);
          return {
            ...floor,
            rooms: floor.rooms.filter(
              (room) =>
                room.id !== exclude &&
                (needle === '' || floorMatches || fold(room.name).includes(needle)),
            ),
          };
        })
        .filter((floor) => floor.rooms.length > 0),
    [floors, needle, exclude],
  );
  const shownIds = useMemo(() => shown.flatMap((floor) => floor.rooms.map((r) => r.id)), [shown]);
  const total = useMemo(
    () => floors.reduce((sum, f) => sum + f.rooms.filter((r) => r.id !== exclude).length, 0),
    [floors, exclude],
  );
  const setMany = (ids: readonly number[], on: boolean) => {
    const next = new Set(selected);
    for (const roomId of ids) {
      if (on) next.add(roomId);
      else next.delete(roomId);
    }
    onChange(next);
  };
  const searching = needle !== '';
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div>
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">
          {t('roomPicker.search')}
        </label>
        <SearchInput
          id={`${id}-search`}
          value={query}
          aria-describedby={`${id}-count${describedBy ? ` ${describedBy}` : ''}`}
          onChange={(event) => setQuery(event.target.value)}
          // Enter in the search field must not submit the form around the picker.
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      </div>
      <p
        id={`${id}-count`}
        className="text-sm text-slate-600 dark:text-slate-300"
        aria-live="polite"
      >
        {t('roomPicker.count', { selected: selected.size, total })}
        {searching && ` · ${t('roomPicker.matches', { count: shownIds.length })}`}
      </p>
      <div className="flex max-h-72 flex-col gap-3 overflow-y-auto rounded-lg border border-slate-200 p-3 dark:border-white/10">
        {all && shownIds.length > 0 && (
          <TriState
            label={t(searching ? 'roomPicker.allMatches' : 'roomPicker.all', {
              count: shownIds.length,
            })}
            ids={shownIds}
            selected={selected}
            onSet={setMany}
            className="border-b border-slate-200 pb-2 font-medium dark:border-white/10"
          />
        )}
        {shown.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('roomPicker.none')}</p>
        )}
        {shown.map((floor) => (
          <div key={floor.id} role="group" aria-label={floor.name}>
            <TriState
              label={t(searching ? 'roomPicker.floorMatches' : 'roomPicker.floor', {
                floor: floor.name,
                count: floor.rooms.length,
              })}
              ids={floor.rooms.map((room) => room.id)}
              selected={selected}
              onSet={setMany}
              className="text-xs font-semibold text-slate-700 uppercase dark:text-slate-200"
            />
            <div className="flex flex-wrap gap-x-4 pl-6">
              {floor.rooms.map((room) => (
                <label key={room.id} className="flex min-h-9 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-primary"
                    checked={selected.has(room.id)}
                    onChange={(event) => setMany([room.id], event.target.checked)}
                  />
                  {room.name}
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** A checkbox for many rooms: checked when all are chosen, mixed when some are. */
function TriState({
  label,
  ids,
  selected,
  onSet,
  className,
}: {
  label: string;
  ids: readonly number[];
  selected: ReadonlySet<number>;
  onSet: (ids: readonly number[], on: boolean) => void;
  className?: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = ids.reduce((sum, roomId) => sum + (selected.has(roomId) ? 1 : 0), 0);
  const checked = ids.length > 0 && chosen === ids.length;
  const mixed = chosen > 0 && !checked;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className={`flex min-h-9 items-center gap-2 text-sm ${className ?? ''}`}>
      <input
        ref={ref}
        type="checkbox"
        className="size-4 accent-primary"
        checked={checked}
        onChange={() => onSet(ids, !checked)}
      />
      {label}
    </label>
  );
}
