import { useRef, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { cn } from '@/components/ui/cn';
import type { EditorPoint } from '../utils/editor';
import { targetColor } from '../utils/colors';
import { formatShort, formatTarget, pointLabel } from '../utils/format';
import { fromMinutes, MINUTES_PER_DAY, type DayKey, type Segment } from '../utils/week';

const percent = (minute: number) => `${(minute / MINUTES_PER_DAY) * 100}%`;
/**
 * Segments narrower than this get their value in the list for screen readers only: 2 h on a wide
 * bar, 4 h on a phone's (the bar is a size container, so the rule follows its own width).
 */
const PRINT_MIN_MINUTES = 120;
const PRINT_NARROW_MINUTES = 240;
const DRAG_STEP = 15;

export interface PointHandles {
  points: readonly EditorPoint[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onKey: (id: number, event: KeyboardEvent<HTMLButtonElement>) => void;
  onDrag: (id: number, minute: number) => void;
  /** The id of the element that explains what is wrong with a point, by point id. */
  errorIds: ReadonlyMap<number, string>;
  helpId: string;
}

/**
 * One day as a 24-hour bar: a segment per target, coloured by the scale and with the value
 * printed where it fits; a list for screen readers names every segment ("06:00–22:00: 21,0 °C")
 * and the one in force. With `handles`, each switch point is a focusable handle on the bar.
 */
export function DayBar({
  day,
  label,
  segments,
  nowMinute,
  handles,
}: {
  day: DayKey;
  label: string;
  segments: readonly Segment[];
  /** Minutes after midnight when this day is today, else null. */
  nowMinute: number | null;
  handles?: PointHandles;
}) {
  const intl = useIntl();
  const bar = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);
  const minuteAt = (clientX: number) => {
    const rect = bar.current!.getBoundingClientRect();
    const ratio = Math.min(1, Math.max(0, (clientX - rect.left) / rect.width));
    return Math.round((ratio * MINUTES_PER_DAY) / DRAG_STEP) * DRAG_STEP;
  };
  // `isolate`: the handles' z-10 stays inside the bar, so they scroll under the sticky header.
  return (
    <div ref={bar} className="@container relative isolate h-11 w-full">
      <ul
        aria-label={label}
        className="absolute inset-0 overflow-hidden rounded-md border border-slate-300 dark:border-slate-600"
      >
        {segments.map((segment) => {
          const inForce = nowMinute !== null && nowMinute >= segment.from && nowMinute < segment.to;
          const value =
            segment.target === null
              ? intl.formatMessage({ id: 'schedules.base' })
              : formatTarget(intl, segment.target);
          return (
            <li
              key={segment.from}
              className={cn(
                'absolute inset-y-0 flex items-center justify-center overflow-hidden border-r border-white/70 text-xs font-medium whitespace-nowrap tabular-nums dark:border-slate-900/60',
                targetColor(segment.target),
                inForce && 'ring-2 ring-slate-900 ring-inset dark:ring-white',
              )}
              style={{ left: percent(segment.from), width: percent(segment.to - segment.from) }}
            >
              <span className="sr-only">
                {intl.formatMessage(
                  { id: inForce ? 'schedules.segmentNow' : 'schedules.segment' },
                  {
                    from: fromMinutes(segment.from),
                    to: segment.to === MINUTES_PER_DAY ? '24:00' : fromMinutes(segment.to),
                    value,
                  },
                )}
              </span>
              {segment.to - segment.from >= PRINT_MIN_MINUTES && (
                <span
                  aria-hidden="true"
                  className={cn(
                    'px-1',
                    segment.to - segment.from < PRINT_NARROW_MINUTES &&
                      'hidden @min-[30rem]:inline',
                  )}
                >
                  {segment.target === null ? '–' : formatShort(intl, segment.target)}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {nowMinute !== null && (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -inset-y-1 w-0.5 bg-slate-900 dark:bg-white"
          style={{ left: percent(nowMinute) }}
        />
      )}
      {handles?.points.map((point) => {
        const selected = handles.selectedId === point.id;
        const errorId = handles.errorIds.get(point.id);
        return (
          <button
            key={point.id}
            type="button"
            data-point-id={point.id}
            aria-label={pointLabel(intl, day, point.minute, point.target)}
            aria-describedby={[errorId, handles.helpId].filter(Boolean).join(' ')}
            aria-invalid={errorId ? true : undefined}
            aria-pressed={selected}
            className={cn(
              'absolute top-1/2 z-10 flex h-12 w-6 -translate-x-1/2 -translate-y-1/2 touch-none items-center justify-center rounded-md border-2 bg-white shadow focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-primary dark:bg-slate-900',
              selected ? 'border-primary' : 'border-slate-700 dark:border-slate-300',
              errorId && 'border-red-600 dark:border-red-400',
            )}
            style={{ left: percent(point.minute) }}
            onFocus={() => handles.onSelect(point.id)}
            onClick={() => handles.onSelect(point.id)}
            onKeyDown={(event) => handles.onKey(point.id, event)}
            onPointerDown={(event) => {
              if (event.button !== 0) return;
              dragging.current = point.id;
              event.currentTarget.setPointerCapture?.(event.pointerId);
              handles.onSelect(point.id);
            }}
            onPointerMove={(event) => {
              if (dragging.current === point.id) handles.onDrag(point.id, minuteAt(event.clientX));
            }}
            onPointerUp={() => (dragging.current = null)}
            onPointerCancel={() => (dragging.current = null)}
          >
            <span aria-hidden="true" className="h-6 w-0.5 rounded bg-current" />
          </button>
        );
      })}
    </div>
  );
}

/** The hours above the bars: 0, 6, 12, 18, 24. */
export function HourScale() {
  return (
    <div aria-hidden="true" className="relative h-4 text-[11px] text-slate-600 dark:text-slate-300">
      {[0, 6, 12, 18, 24].map((hour) => (
        <span
          key={hour}
          className={cn(
            'absolute',
            hour === 0 ? '' : hour === 24 ? '-translate-x-full' : '-translate-x-1/2',
          )}
          style={{ left: percent(hour * 60) }}
        >
          {String(hour).padStart(2, '0')}:00
        </span>
      ))}
    </div>
  );
}
