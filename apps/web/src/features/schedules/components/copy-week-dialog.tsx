import { useState } from 'react';
import { useIntl } from 'react-intl';
import { RoomPicker, type PickerFloor } from '@/components/room-picker';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';

/**
 * Which rooms get this room's week: the shared room picker (search, whole floors with one click,
 * a checkbox per room, "Alle Räume"), without the room the week comes from.
 */
export function CopyWeekDialog({
  open,
  onOpenChange,
  floors,
  sourceId,
  sourceName,
  onCopy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  floors: readonly PickerFloor[];
  sourceId: number;
  sourceName: string;
  onCopy: (roomIds: number[]) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={intl.formatMessage({ id: 'schedules.copyWeek.title' }, { room: sourceName })}
      description={t('schedules.copyWeek.text')}
      closeLabel={t('schedules.close')}
    >
      <fieldset className="mt-4 min-w-0">
        <legend className="sr-only">{t('schedules.copyWeek.rooms')}</legend>
        {/* The frame draws nothing while closed; the list is not even made then (on the
            1,000-room building, 1,000 rows with every temps answer the room page gets). */}
        {open && (
          <RoomPicker
            floors={floors}
            exclude={sourceId}
            selected={chosen}
            onChange={setChosen}
            all
          />
        )}
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
