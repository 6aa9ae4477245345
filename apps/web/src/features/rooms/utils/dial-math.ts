/**
 * Geometry and values of the thermostat dial, free of React and the DOM so it can be tested
 * exactly. Angles are in degrees, measured clockwise from straight down (6 o'clock): the arc
 * runs from the lower left (40°) over the top to the lower right (320°), leaving the gap at the
 * bottom where a thermostat has its stand.
 */
export const DIAL_MIN = 14;
export const DIAL_MAX = 26;
export const DIAL_STEP = 0.5;
export const ARC_START = 40;
export const ARC_END = 320;
const ARC_SPAN = ARC_END - ARC_START;

/**
 * The values the arc spans: the spec's 14–26 °C, or a room's limits for a user bound by them
 * (issue 34). Every function below takes it, with the spec's range as default.
 */
export interface DialRange {
  min: number;
  max: number;
}
export const DIAL_RANGE: DialRange = { min: DIAL_MIN, max: DIAL_MAX };

/**
 * The dial's range for one user and room: a user bound by the room's limits turns within them,
 * everyone else within the spec's 14–26 °C (issue 34).
 */
export const dialRange = (
  limits: { min: number; max: number } | null | undefined,
  bound: boolean,
): DialRange => (bound && limits ? { min: limits.min, max: limits.max } : DIAL_RANGE);

export function clamp(value: number, min = DIAL_MIN, max = DIAL_MAX): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Rounds to the nearest step; the tiny epsilon keeps 21.25 from falling to 21.0 by float noise. */
export function snap(value: number, step = DIAL_STEP): number {
  const snapped = Math.round((value + 1e-9) / step) * step;
  return Number(snapped.toFixed(3));
}

/** A value the dial can pick: on the step grid and inside the range. */
export const toDialValue = (value: number, range: DialRange = DIAL_RANGE) =>
  clamp(snap(clamp(value, range.min, range.max)), range.min, range.max);

/**
 * The angle of a value; a value beyond the range (an 8 °C absence, 30 °C set by a tool) sits at
 * the arc's nearer end, while the dial's number shows it as it is.
 */
export function valueToAngle(value: number, range: DialRange = DIAL_RANGE): number {
  const span = range.max - range.min;
  if (span <= 0) return value < range.min ? ARC_START : ARC_END;
  return ARC_START + ((clamp(value, range.min, range.max) - range.min) / span) * ARC_SPAN;
}

export function angleToValue(angle: number, range: DialRange = DIAL_RANGE): number {
  const inArc = clamp(angle, ARC_START, ARC_END);
  return toDialValue(range.min + ((inArc - ARC_START) / ARC_SPAN) * (range.max - range.min), range);
}

/** Point on a circle of radius r around (cx, cy) at the given dial angle. */
export function pointAt(angle: number, radius: number, cx: number, cy: number) {
  const radians = (angle * Math.PI) / 180;
  return { x: cx - radius * Math.sin(radians), y: cy + radius * Math.cos(radians) };
}

/** Dial angle (0–360) of a point seen from the centre. */
export function angleOfPoint(dx: number, dy: number): number {
  const degrees = (Math.atan2(-dx, dy) * 180) / Math.PI;
  return (degrees + 360) % 360;
}

/**
 * The value under the pointer. In the gap at the bottom the value sticks to the nearer end, so a
 * drag past the lowest mark never jumps to the highest.
 */
export function pointerToValue(dx: number, dy: number, range: DialRange = DIAL_RANGE): number {
  const angle = angleOfPoint(dx, dy);
  if (angle < ARC_START || angle > ARC_END) return angle < 180 ? range.min : range.max;
  return angleToValue(angle, range);
}

/**
 * The value a key moves to, or null for keys the dial does not handle. From a value beyond the
 * range (an 8 °C absence) the first step lands on the range's nearer end.
 */
export function valueForKey(
  value: number,
  key: string,
  range: DialRange = DIAL_RANGE,
): number | null {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return toDialValue(value + DIAL_STEP, range);
    case 'ArrowDown':
    case 'ArrowLeft':
      return toDialValue(value - DIAL_STEP, range);
    case 'PageUp':
      return toDialValue(value + 1, range);
    case 'PageDown':
      return toDialValue(value - 1, range);
    case 'Home':
      return range.min;
    case 'End':
      return range.max;
    default:
      return null;
  }
}

/** SVG path of the arc between two dial angles (always drawn clockwise). */
export function arcPath(from: number, to: number, radius: number, cx: number, cy: number): string {
  const start = pointAt(from, radius, cx, cy);
  const end = pointAt(to, radius, cx, cy);
  const largeArc = to - from > 180 ? 1 : 0;
  const f = (n: number) => n.toFixed(2);
  return `M ${f(start.x)} ${f(start.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${f(end.x)} ${f(end.y)}`;
}
