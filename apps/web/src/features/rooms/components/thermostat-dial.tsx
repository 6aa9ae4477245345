import { cn } from '@/components/ui/cn';
import { useDialInput } from '../hooks/use-dial-input';
import {
  ARC_END,
  ARC_START,
  arcPath,
  clamp,
  DIAL_RANGE,
  pointAt,
  valueToAngle,
  type DialRange,
} from '../utils/dial-math';

const SIZE = 240;
const C = SIZE / 2;
const R = 100;
/**
 * The arc leaves the bottom of its square empty, so the dial's box is cut off just below the
 * knob at the arc's ends (y ≈ 212) and the hint sits right under the dial. The slider itself stays
 * square (its centre is the ring's, which the drag maths and the tests rely on); the cut-off part
 * is clipped, so it cannot catch clicks meant for what lies below.
 */
const HEIGHT = 214;

export interface ThermostatDialProps {
  /**
   * The target to show when nobody drags: the server's, or a committed one not yet confirmed.
   * Shown as it is (8,0 °C, 30,0 °C) even beyond the range; the handle then sits at the arc's end.
   */
  value: number;
  /** What the arc spans: the spec's 14–26 °C, or the room's limits for a user bound by them. */
  range?: DialRange;
  /** The short numbers at the arc's ends ("14", "16,5"); plain digits by default. */
  formatEnd?: (value: number) => string;
  /** The room's limits drawn as marks on the arc (for those who may go outside them). */
  marks?: { min: number; max: number } | null;
  /** Measured temperature, drawn as a marker on the track; null without a sensor. */
  current: number | null;
  label: string;
  readOnly: boolean;
  formatValue: (value: number) => string;
  /** Small line above the big number ("Ziel"). */
  caption: string;
  /** Small line under the big number ("Aktuell 20,5 °C"). */
  footnote?: string;
  /** Heating draws the target arc warm (orange), cooling cool (sky blue). */
  tone?: 'heat' | 'cool';
  onCommit: (value: number) => void;
}

/** The circular target dial: it draws and reports; all maths lives in utils/dial-math. */
export function ThermostatDial(props: ThermostatDialProps) {
  const { current, label, readOnly, formatValue, caption, footnote, onCommit } = props;
  const cool = props.tone === 'cool';
  const formatEnd = props.formatEnd ?? String;
  const range = props.range ?? DIAL_RANGE;
  const value = props.value;
  const input = useDialInput({ value, readOnly, onCommit, range });
  const angle = valueToAngle(input.shown, range);
  const handle = pointAt(angle, R, C, C);
  const marker = current === null ? null : pointAt(valueToAngle(current, range), R, C, C);
  const low = pointAt(ARC_START, R - 26, C, C);
  const high = pointAt(ARC_END, R - 26, C, C);
  const text = formatValue(input.shown);
  // The limits as short ticks across the track, where they fall inside the arc's range.
  const marks = (props.marks ? [props.marks.min, props.marks.max] : [])
    .filter((mark) => mark >= range.min && mark <= range.max)
    .map((mark) => {
      const at = valueToAngle(mark, range);
      return { mark, from: pointAt(at, R - 12, C, C), to: pointAt(at, R + 12, C, C) };
    });

  return (
    <div
      className="@container relative mx-auto w-full max-w-[20rem] overflow-hidden select-none"
      style={{ aspectRatio: `${SIZE} / ${HEIGHT}` }}
    >
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={range.min}
        aria-valuemax={range.max}
        // The number in range for assistive technology; the text says the real target.
        aria-valuenow={clamp(input.shown, range.min, range.max)}
        aria-valuetext={text}
        aria-readonly={readOnly || undefined}
        aria-orientation="horizontal"
        className="group absolute inset-x-0 top-0 aspect-square rounded-full outline-none"
        {...input.keyHandlers}
      >
        <svg
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          className="size-full overflow-visible"
          aria-hidden="true"
          {...input.svgHandlers}
        >
          {/* The focus ring follows the arc: a full circle would be clipped with the box. */}
          <path
            d={arcPath(ARC_START, ARC_END, R + 15, C, C)}
            className="hidden fill-none stroke-primary group-focus-visible:block"
            strokeWidth={3}
            strokeLinecap="round"
          />
          <path
            d={arcPath(ARC_START, ARC_END, R, C, C)}
            className={cn(
              'fill-none stroke-slate-200 dark:stroke-slate-700',
              !readOnly && 'cursor-pointer',
            )}
            strokeWidth={16}
            strokeLinecap="round"
          />
          {angle > ARC_START && (
            <path
              d={arcPath(ARC_START, angle, R, C, C)}
              className={cn(
                'pointer-events-none fill-none',
                readOnly
                  ? 'stroke-slate-400 dark:stroke-slate-500'
                  : cool
                    ? 'stroke-sky-600'
                    : 'stroke-orange-600',
              )}
              strokeWidth={16}
              strokeLinecap="round"
            />
          )}
          {marks.map(({ mark, from, to }) => (
            <line
              key={mark}
              data-dial-limit={mark}
              x1={from.x}
              y1={from.y}
              x2={to.x}
              y2={to.y}
              className="pointer-events-none stroke-slate-700 dark:stroke-slate-200"
              strokeWidth={3}
              strokeLinecap="round"
            />
          ))}
          {marker && (
            <circle
              cx={marker.x}
              cy={marker.y}
              r={4}
              className="pointer-events-none fill-slate-900 stroke-white dark:fill-white dark:stroke-slate-900"
              strokeWidth={2}
            />
          )}
          <text
            x={low.x}
            y={low.y}
            textAnchor="middle"
            className="fill-slate-500 text-[11px] @max-[14rem]:hidden dark:fill-slate-400"
          >
            {formatEnd(range.min)}°
          </text>
          <text
            x={high.x}
            y={high.y}
            textAnchor="middle"
            className="fill-slate-500 text-[11px] @max-[14rem]:hidden dark:fill-slate-400"
          >
            {formatEnd(range.max)}°
          </text>
          {!readOnly && (
            <g data-dial-handle="" className="cursor-grab" style={{ touchAction: 'none' }}>
              {/* A finger-sized hit area around the visible knob. */}
              <circle cx={handle.x} cy={handle.y} r={24} className="fill-transparent" />
              <circle
                cx={handle.x}
                cy={handle.y}
                r={13}
                className={cn(
                  'fill-white dark:fill-slate-900',
                  cool ? 'stroke-sky-600' : 'stroke-orange-600',
                )}
                strokeWidth={4}
              />
            </g>
          )}
        </svg>
      </div>
      <div
        // A square over the box: its centre is the arc's centre, so the number sits in the ring.
        className="pointer-events-none absolute inset-x-0 top-0 flex aspect-square flex-col items-center justify-center gap-1 text-center"
        aria-hidden="true"
      >
        <span className="text-[length:clamp(0.7rem,4.5cqw,0.875rem)] font-medium tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {caption}
        </span>
        <span
          className={cn(
            // Sized by the dial's own width, so the number fits on a narrow phone as well.
            'text-[length:clamp(1.25rem,17cqw,3.75rem)] leading-none font-semibold tabular-nums',
            input.previewing &&
              (cool ? 'text-sky-700 dark:text-sky-400' : 'text-orange-700 dark:text-orange-400'),
          )}
        >
          {text}
        </span>
        {footnote && (
          <span className="text-sm text-slate-600 tabular-nums dark:text-slate-300">
            {footnote}
          </span>
        )}
      </div>
    </div>
  );
}
