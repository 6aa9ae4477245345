import { useId } from 'react';
import { TEMPORARY_HOURS_MAX, TEMPORARY_HOURS_MIN } from '@raumregler/contract';
import { useIntl } from 'react-intl';

export const DURATION_DEFAULT_HOURS = 1;

/** How long a temporary target holds, 1–12 h; a native range input, so every device knows it. */
export function DurationSlider({
  hours,
  onChange,
}: {
  hours: number;
  onChange: (hours: number) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const spoken = intl.formatMessage({ id: 'rooms.duration.value' }, { hours });
  return (
    <div>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium">
          {intl.formatMessage({ id: 'rooms.duration.label' })}
        </label>
        <output htmlFor={id} className="text-lg font-semibold tabular-nums">
          {spoken}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={TEMPORARY_HOURS_MIN}
        max={TEMPORARY_HOURS_MAX}
        step={1}
        value={hours}
        aria-valuetext={spoken}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(Number(event.target.value))}
        className="h-11 w-full cursor-pointer accent-orange-600"
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
        {intl.formatMessage({ id: 'rooms.duration.hint' })}
      </p>
    </div>
  );
}
