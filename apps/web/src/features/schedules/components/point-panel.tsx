import { Minus, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import type { EditorPoint } from '../utils/editor';
import { formatTarget, pointLabel } from '../utils/format';
import { fromMinutes, toMinutes, TARGET_STEP, type DayKey } from '../utils/week';

/**
 * The selected point's controls, for touch and for those who prefer fields to keys: its time
 * (a time field and ±15 min), its target (±0,5 °C) and delete.
 */
export function PointPanel({
  day,
  point,
  problems,
  onMove,
  onTime,
  onTarget,
  onRemove,
}: {
  day: DayKey;
  point: EditorPoint;
  problems: readonly string[];
  onMove: (delta: number) => void;
  onTime: (minute: number) => void;
  onTarget: (delta: number) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const timeId = useId();
  const errorId = useId();
  const step = intl.formatNumber(TARGET_STEP, { minimumFractionDigits: 1 });
  return (
    <div
      role="group"
      aria-label={pointLabel(intl, day, point.minute, point.target)}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm dark:border-white/10 dark:bg-slate-800/60"
    >
      <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
        <div className="flex items-end gap-1">
          <div>
            <label htmlFor={timeId} className="mb-1 block font-medium">
              {t('schedules.point.time')}
            </label>
            <input
              id={timeId}
              type="time"
              step={300}
              value={fromMinutes(point.minute)}
              aria-invalid={problems.length > 0 || undefined}
              aria-describedby={problems.length > 0 ? errorId : undefined}
              onChange={(event) => {
                const minute = toMinutes(event.target.value);
                if (minute !== null) onTime(minute);
              }}
              className="h-10 rounded-lg border border-slate-300 bg-white px-2 text-base tabular-nums dark:border-slate-600 dark:bg-slate-900"
            />
          </div>
          <Button
            size="md"
            variant="secondary"
            aria-label={t('schedules.point.earlier')}
            onClick={() => onMove(-15)}
          >
            −15
          </Button>
          <Button
            size="md"
            variant="secondary"
            aria-label={t('schedules.point.later')}
            onClick={() => onMove(15)}
          >
            +15
          </Button>
        </div>
        <div>
          <span className="mb-1 block font-medium">{t('schedules.point.target')}</span>
          <div className="flex items-center gap-1">
            <Button
              variant="secondary"
              aria-label={intl.formatMessage({ id: 'schedules.point.colder' }, { step })}
              onClick={() => onTarget(-TARGET_STEP)}
            >
              <Minus className="size-4" aria-hidden="true" />
            </Button>
            <output className="min-w-20 text-center text-base font-semibold tabular-nums">
              {formatTarget(intl, point.target)}
            </output>
            <Button
              variant="secondary"
              aria-label={intl.formatMessage({ id: 'schedules.point.warmer' }, { step })}
              onClick={() => onTarget(TARGET_STEP)}
            >
              <Plus className="size-4" aria-hidden="true" />
            </Button>
          </div>
        </div>
        <Button variant="ghost" onClick={onRemove} className="gap-1.5">
          <Trash2 className="size-4" aria-hidden="true" />
          {t('schedules.point.remove')}
        </Button>
      </div>
      {problems.length > 0 && (
        <p id={errorId} className="text-red-700 dark:text-red-300">
          {problems.join(' ')}
        </p>
      )}
    </div>
  );
}
