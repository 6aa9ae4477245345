import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

export interface RoomChoice {
  id: number;
  name: string;
}

/** Which rooms get this room's week: a checkbox per room, "Alle" to choose every one. */
export function CopyWeekDialog({
  open,
  onOpenChange,
  rooms,
  sourceName,
  onCopy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  rooms: readonly RoomChoice[];
  sourceName: string;
  onCopy: (roomIds: number[]) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const all = rooms.length > 0 && chosen.size === rooms.length;
  const toggle = (id: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'schedules.copyWeek.title' }, { room: sourceName })}
      description={t('schedules.copyWeek.text')}
      closeLabel={t('schedules.close')}
    >
      <fieldset className="mt-4">
        <legend className="sr-only">{t('schedules.copyWeek.rooms')}</legend>
        <label className="flex min-h-9 items-center gap-2 border-b border-slate-200 pb-2 text-sm font-medium dark:border-white/10">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={all}
            onChange={() => setChosen(all ? new Set() : new Set(rooms.map((room) => room.id)))}
          />
          {t('schedules.copyWeek.all')}
        </label>
        <div className="max-h-64 overflow-y-auto py-1">
          {/* The frame draws nothing while closed; the list is not even made then (on the
              1,000-room building, 1,000 rows with every temps answer the room page gets). */}
          {open &&
            rooms.map((room) => (
              <label key={room.id} className="flex min-h-9 items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.has(room.id)}
                  onChange={() => toggle(room.id)}
                />
                {room.name}
              </label>
            ))}
        </div>
      </fieldset>
      <div className="mt-4 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          {t('schedules.cancel')}
        </Button>
        <Button
          disabled={chosen.size === 0}
          onClick={() => {
            onCopy([...chosen]);
            setChosen(new Set());
          }}
        >
          {intl.formatMessage({ id: 'schedules.copyWeek.confirm' }, { count: chosen.size })}
        </Button>
      </div>
    </Dialog>
  );
}
