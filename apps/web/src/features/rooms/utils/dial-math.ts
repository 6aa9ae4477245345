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

export function clamp(value: number, min = DIAL_MIN, max = DIAL_MAX): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Rounds to the nearest step; the tiny epsilon keeps 21.25 from falling to 21.0 by float noise. */
export function snap(value: number, step = DIAL_STEP): number {
  const snapped = Math.round((value + 1e-9) / step) * step;
  return Number(snapped.toFixed(3));
}

/** A value the dial can show: on the step grid and inside the range. */
export const toDialValue = (value: number) => clamp(snap(clamp(value)));

export function valueToAngle(value: number): number {
  return ARC_START + ((clamp(value) - DIAL_MIN) / (DIAL_MAX - DIAL_MIN)) * ARC_SPAN;
}

export function angleToValue(angle: number): number {
  const inArc = clamp(angle, ARC_START, ARC_END);
  return toDialValue(DIAL_MIN + ((inArc - ARC_START) / ARC_SPAN) * (DIAL_MAX - DIAL_MIN));
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
export function pointerToValue(dx: number, dy: number): number {
  const angle = angleOfPoint(dx, dy);
  if (angle < ARC_START || angle > ARC_END) return angle < 180 ? DIAL_MIN : DIAL_MAX;
  return angleToValue(angle);
}

/** The value a key moves to, or null for keys the dial does not handle. */
export function valueForKey(value: number, key: string): number | null {
  switch (key) {
    case 'ArrowUp':
    case 'ArrowRight':
      return toDialValue(value + DIAL_STEP);
    case 'ArrowDown':
    case 'ArrowLeft':
      return toDialValue(value - DIAL_STEP);
    case 'PageUp':
      return toDialValue(value + 1);
    case 'PageDown':
      return toDialValue(value - 1);
    case 'Home':
      return DIAL_MIN;
    case 'End':
      return DIAL_MAX;
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
