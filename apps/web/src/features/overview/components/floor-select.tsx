import { Check, Minus } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import type { OverviewRow } from '../utils/rows';

/**
 * "Ganze Geschosse auswählen": one toggle button per floor that selects (or clears) all of its
 * rooms with one click, whatever the filters show. Pressed when the whole floor is selected,
 * mixed when part of it is. One line that scrolls sideways (focus scrolls a floor into view), so
 * twenty floors do not push the table down.
 */
export function FloorSelect({
  floors,
  rows,
  selected,
  onToggle,
}: {
  floors: readonly { id: number; name: string }[];
  rows: readonly OverviewRow[];
  selected: ReadonlySet<number>;
  onToggle: (floorId: number, select: boolean) => void;
}) {
  const intl = useIntl();
  const labelId = useId();
  const counts = useMemo(() => {
    const byFloor = new Map<number, { total: number; chosen: number }>();
    for (const row of rows) {
      const entry = byFloor.get(row.floorId) ?? { total: 0, chosen: 0 };
      entry.total += 1;
      if (selected.has(row.id)) entry.chosen += 1;
      byFloor.set(row.floorId, entry);
    }
    return byFloor;
  }, [rows, selected]);
  const shown = floors.filter((floor) => (counts.get(floor.id)?.total ?? 0) > 0);
  if (shown.length === 0) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1 sm:-my-2 sm:flex-row sm:items-center sm:gap-3">
      <span id={labelId} className="shrink-0 text-sm font-medium">
        {intl.formatMessage({ id: 'overview.floorSelect' })}
      </span>
      <div
        role="group"
        aria-labelledby={labelId}
        className="flex min-w-0 gap-2 overflow-x-auto px-1 py-1 [scrollbar-width:thin]"
      >
        {shown.map((floor) => {
          const { total, chosen } = counts.get(floor.id)!;
          const state = chosen === 0 ? false : chosen === total ? true : 'mixed';
          return (
            <button
              key={floor.id}
              type="button"
              aria-pressed={state}
              title={intl.formatMessage({ id: 'overview.floorSelectCount' }, { chosen, total })}
              onClick={() => onToggle(floor.id, state !== true)}
              className={cn(
                'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                state === true
                  ? 'border-primary bg-primary text-white hover:bg-primary-strong'
                  : 'border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
                state === 'mixed' && 'border-primary',
              )}
            >
              {state === true && <Check aria-hidden="true" className="size-3.5" />}
              {state === 'mixed' && <Minus aria-hidden="true" className="size-3.5" />}
              {floor.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}
