import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { dayName } from '../utils/format';
import { DAYS, type DayKey } from '../utils/week';

/** "Montag kopieren nach …": a checkbox per other day, then "Übernehmen". */
export function CopyDay({
  from,
  onCopy,
  onCancel,
}: {
  from: DayKey;
  onCopy: (to: DayKey[]) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [chosen, setChosen] = useState<ReadonlySet<DayKey>>(new Set());
  const toggle = (day: DayKey) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-white/10 dark:bg-slate-800/60">
      <legend className="px-1 font-medium">
        {intl.formatMessage({ id: 'schedules.copyDay.legend' }, { day: dayName(intl, from) })}
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {DAYS.filter((day) => day !== from).map((day) => (
          <label key={day} className="flex min-h-9 items-center gap-2">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={chosen.has(day)}
              onChange={() => toggle(day)}
            />
            {dayName(intl, day)}
          </label>
        ))}
      </div>
      <div className="flex gap-2">
        <Button size="sm" disabled={chosen.size === 0} onClick={() => onCopy([...chosen])}>
          {t('schedules.copyDay.apply')}
        </Button>
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t('schedules.cancel')}
        </Button>
      </div>
    </fieldset>
  );
}
