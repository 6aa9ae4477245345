import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';
import { ModalFrame } from '@/components/ui/modal-frame';
import { useMenuLabel } from '../hooks/use-menu-label';
import type { MenuItem } from '../utils/menu';
import { roomSearchEntries, searchRooms, type RoomEntry } from '../utils/room-search';

/** How many matches the list shows; more are counted, and typing narrows them. */
export const SHOWN_RESULTS = 50;

/**
 * "Find room": a combobox in a dialog (ARIA combobox + listbox). Typing filters the rooms of the
 * menu by name, floor or number; arrow keys move the active option, Enter opens its room page,
 * Escape closes (the dialog returns focus). Loaded on first use (room-search.tsx).
 */
export default function RoomSearchDialog({
  open,
  onOpenChange,
  menu,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menu: MenuItem[];
}) {
  const intl = useIntl();
  return (
    // The frame of ui/dialog.tsx, used directly: the room page's chunk keeps Dialog to itself.
    <ModalFrame
      open={open}
      onOpenChange={onOpenChange}
      className="m-auto w-[min(92vw,28rem)] rounded-xl bg-white dark:bg-slate-900"
      bodyClassName="p-6"
      title={intl.formatMessage({ id: 'roomSearch.title' })}
      titleClassName="pr-8 text-lg font-semibold"
      description={intl.formatMessage({ id: 'roomSearch.hint' })}
      descriptionClassName="mt-2 text-sm text-slate-600 dark:text-slate-300"
      closeLabel={intl.formatMessage({ id: 'roomSearch.close' })}
      closeClassName="top-4 right-4 p-1 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
      iconClassName="size-5"
    >
      <RoomCombobox menu={menu} onDone={() => onOpenChange(false)} />
    </ModalFrame>
  );
}

function RoomCombobox({ menu, onDone }: { menu: MenuItem[]; onDone: () => void }) {
  const intl = useIntl();
  const label = useMenuLabel();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (entry: RoomEntry) => `${id}-room-${entry.roomId}`;
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const entries = useMemo(() => roomSearchEntries(menu, label), [menu, label]);
  const { rooms, total } = useMemo(
    () => searchRooms(entries, query, SHOWN_RESULTS),
    [entries, query],
  );
  const current = rooms[Math.min(active, rooms.length - 1)];

  const open = (entry: RoomEntry) => {
    onDone();
    void navigate(entry.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (rooms.length === 0) return;
    const last = rooms.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: active >= last ? 0 : active + 1,
      ArrowUp: active <= 0 ? last : active - 1,
      PageDown: Math.min(last, active + 10),
      PageUp: Math.max(0, active - 10),
    };
    if (event.key in moves) {
      event.preventDefault();
      const next = moves[event.key]!;
      setActive(next);
      document.getElementById(optionId(rooms[next]!))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter' && current) {
      event.preventDefault();
      open(current);
    }
  };

  return (
    <div className="mt-4">
      <input
        type="text"
        role="combobox"
        aria-label={intl.formatMessage({ id: 'roomSearch.label' })}
        aria-autocomplete="list"
        aria-expanded={rooms.length > 0}
        aria-controls={listId}
        aria-activedescendant={current ? optionId(current) : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={intl.formatMessage({ id: 'roomSearch.placeholder' })}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-teal-600 focus:ring-2 focus:ring-teal-600/30 focus:outline-none dark:border-white/15 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-400"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={intl.formatMessage({ id: 'roomSearch.results' })}
        className="mt-2 max-h-[min(50vh,22rem)] overflow-y-auto"
      >
        {rooms.map((entry) => {
          const selected = entry === current;
          return (
            <li
              key={entry.key}
              id={optionId(entry)}
              role="option"
              aria-selected={selected}
              onClick={() => open(entry)}
              onMouseMove={() => {
                if (!selected) setActive(rooms.indexOf(entry));
              }}
              className={cn(
                'flex cursor-pointer items-baseline justify-between gap-3 rounded-lg px-3 py-2 text-sm',
                selected
                  ? 'bg-teal-50 text-teal-900 dark:bg-teal-400/15 dark:text-teal-100'
                  : 'text-slate-800 dark:text-slate-200',
              )}
            >
              <span className="truncate font-medium">{entry.name}</span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">
                {entry.floor} · {entry.roomId}
              </span>
            </li>
          );
        })}
      </ul>
      <p role="status" className="mt-2 text-xs text-slate-600 dark:text-slate-300">
        {total === 0 ? (
          <FormattedMessage id="roomSearch.none" />
        ) : total > rooms.length ? (
          <FormattedMessage id="roomSearch.more" values={{ shown: rooms.length, total }} />
        ) : null}
      </p>
    </div>
  );
}
