import { Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MenuItem } from '../utils/menu';

// The dialog and its matching load on first use: the first view does not carry them.
const RoomSearchDialog = lazy(() => import('./room-search-dialog'));

/** Whether a key press is the "Find room" shortcut: Ctrl+K, or ⌘K on a Mac. */
export function isRoomSearchShortcut(event: KeyboardEvent): boolean {
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === 'k'
  );
}

/**
 * The header's "Find room" button (for touch) and the Ctrl+K / ⌘K shortcut of every signed-in
 * page, both opening the room search dialog.
 */
export function RoomSearch({ menu }: { menu: MenuItem[] }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  // Once loaded, the dialog stays mounted (closed), so closing can return focus.
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isRoomSearchShortcut(event)) return;
      event.preventDefault();
      setUsed(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const name = intl.formatMessage({ id: 'roomSearch.open' });
  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-label={name}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        title={`${name} (Ctrl+K)`}
        className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-white/5"
      >
        <Search className="size-5" aria-hidden="true" />
      </button>
      {used && (
        <Suspense fallback={null}>
          <RoomSearchDialog open={open} onOpenChange={setOpen} menu={menu} />
        </Suspense>
      )}
    </>
  );
}
