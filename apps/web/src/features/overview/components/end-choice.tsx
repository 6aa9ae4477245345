import { TEMPORARY_HOURS_MAX, TEMPORARY_HOURS_MIN } from '@raumregler/contract';
import { useIntl } from 'react-intl';
import { dateField, untilMaxAheadMs, type UntilProblem } from '../utils/until';

export interface EndValue {
  mode: 'hours' | 'until';
  hours: number;
  /** "YYYY-MM-DD" and "HH:MM", as the fields hold them. */
  date: string;
  time: string;
}

const fieldClass =
  'h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-primary/40 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:[color-scheme:dark]';

/**
 * When a temporary group target ends: "Für 1–12 Stunden" or "Bis …" a date and time (one end
 * instant for every room). Typing in a field chooses its option, so no extra click is needed.
 * In proxy mode one line says why "Bis …" reaches only 24 hours ahead.
 */
export function EndChoice({
  id,
  value,
  onChange,
  problem,
  proxy,
  now,
}: {
  id: string;
  value: EndValue;
  onChange: (value: EndValue) => void;
  problem: UntilProblem | null;
  proxy: boolean;
  now: Date;
}) {
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: key }, values);
  const set = (patch: Partial<EndValue>) => onChange({ ...value, ...patch });
  const latest = new Date(now.getTime() + untilMaxAheadMs(proxy));
  const latestText = intl.formatDate(latest, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const hintId = `${id}-until-hint`;
  const errorId = `${id}-until-error`;
  const untilInvalid = value.mode === 'until' && problem !== null;
  const describedBy = [hintId, untilInvalid ? errorId : ''].filter(Boolean).join(' ');
  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-1 text-sm font-medium">{t('overview.end.legend')}</legend>
      <div className="flex flex-col gap-2">
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-end`}
            className="size-4 accent-primary"
            checked={value.mode === 'hours'}
            onChange={() => set({ mode: 'hours' })}
          />
          {t('overview.end.hours')}
        </label>
        <div className="pl-6">
          <label htmlFor={`${id}-hours`} className="sr-only">
            {t('overview.dialog.duration')}
          </label>
          <select
            id={`${id}-hours`}
            value={value.hours}
            onChange={(event) => set({ mode: 'hours', hours: Number(event.target.value) })}
            className={`${fieldClass} text-sm`}
          >
            {Array.from(
              { length: TEMPORARY_HOURS_MAX - TEMPORARY_HOURS_MIN + 1 },
              (_, i) => TEMPORARY_HOURS_MIN + i,
            ).map((h) => (
              <option key={h} value={h}>
                {t('overview.end.hoursOption', { hours: h })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <label className="flex min-h-9 items-center gap-2 text-sm">
          <input
            type="radio"
            name={`${id}-end`}
            className="size-4 accent-primary"
            checked={value.mode === 'until'}
            aria-describedby={hintId}
            onChange={() => set({ mode: 'until' })}
          />
          {t('overview.end.until')}
        </label>
        <div className="grid grid-cols-[3fr_2fr] gap-2 pl-6">
          <div className="min-w-0">
            <label
              htmlFor={`${id}-date`}
              className="mb-1 block text-xs text-slate-600 dark:text-slate-300"
            >
              {t('overview.end.date')}
            </label>
            <input
              id={`${id}-date`}
              type="date"
              value={value.date}
              min={dateField(now)}
              max={dateField(latest)}
              aria-invalid={untilInvalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => set({ mode: 'until', date: event.target.value })}
              className={fieldClass}
            />
          </div>
          <div className="min-w-0">
            <label
              htmlFor={`${id}-time`}
              className="mb-1 block text-xs text-slate-600 dark:text-slate-300"
            >
              {t('overview.end.time')}
            </label>
            <input
              id={`${id}-time`}
              type="time"
              value={value.time}
              aria-invalid={untilInvalid || undefined}
              aria-describedby={describedBy}
              onChange={(event) => set({ mode: 'until', time: event.target.value })}
              className={fieldClass}
            />
          </div>
        </div>
        <p id={hintId} className="pl-6 text-xs text-slate-600 dark:text-slate-300">
          {proxy
            ? t('overview.end.proxyHint', { latest: latestText })
            : t('overview.end.hint', { latest: latestText })}
        </p>
        {untilInvalid && (
          <p id={errorId} className="pl-6 text-sm text-red-700 dark:text-red-300">
            {t(`overview.end.problem.${problem}`, { latest: latestText })}
          </p>
        )}
      </div>
    </fieldset>
  );
}
