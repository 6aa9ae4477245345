import {
  SCHEDULE_GRID_MINUTES,
  SCHEDULE_MAX_POINTS_PER_DAY,
  WEEK_DAYS,
  type RoomSchedule,
  type Week,
  type WeekDay,
  type WeekPoint,
} from '@raumregler/contract';

/** The weekly programme as the schedules API speaks it (issue 16; the contract's types). */
export const DAYS = WEEK_DAYS;
export type DayKey = WeekDay;
/** A switch point: wall-clock "HH:MM" in the device's time zone, and the target from then on. */
export type SwitchPoint = WeekPoint;
export type { Week };
export type Schedule = RoomSchedule;

export const MINUTES_PER_DAY = 1440;
/** The server's grid; the editor moves points by 15 minutes or an hour, both on it. */
export const TIME_GRID = SCHEDULE_GRID_MINUTES;
export const MAX_POINTS_PER_DAY = SCHEDULE_MAX_POINTS_PER_DAY;
/** The editor's target step (the device's grid is 0.125 °C; a week read back saves unchanged). */
export const TARGET_STEP = 0.5;

const pad = (n: number) => String(n).padStart(2, '0');

/** "06:30" → 390; null when it is not a wall-clock time. */
export function toMinutes(at: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(at);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** 390 → "06:30". */
export const fromMinutes = (minutes: number) =>
  `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** Monday = 0 … Sunday = 6 of a date's local weekday. */
export const dayIndexOf = (date: Date) => (date.getDay() + 6) % 7;

/** A week with every day present, points in time order (the server's order, made sure). */
export function normalizeWeek(week: Partial<Record<DayKey, SwitchPoint[]>> | undefined): Week {
  const result = {} as Week;
  for (const day of DAYS) {
    const points = Array.isArray(week?.[day]) ? week[day] : [];
    result[day] = [...points].sort((a, b) => (toMinutes(a.at) ?? 0) - (toMinutes(b.at) ?? 0));
  }
  return result;
}

/** The last point before a day begins: the target that holds at its midnight. */
export function carriedTarget(week: Week, dayIndex: number): number | null {
  for (let back = 1; back <= 7; back++) {
    const points = week[DAYS[(dayIndex - back + 7) % 7]!];
    const last = points.at(-1);
    if (last) return last.target;
  }
  return null;
}

export interface Segment {
  /** Minutes after midnight, end exclusive. */
  from: number;
  to: number;
  /** null: no point in the whole week, the room's base target holds. */
  target: number | null;
  /** Index of the point that starts it; -1 when it is carried over from the day before. */
  pointIndex: number;
}

/**
 * One day as the bar draws it: from midnight, the target carried over from the last point before
 * (over the week's end too: Monday starts with Sunday's last target), then one segment per point.
 */
export function daySegments(week: Week, dayIndex: number): Segment[] {
  const points = week[DAYS[dayIndex]!];
  const segments: Segment[] = [];
  const starts = points.map((point) => toMinutes(point.at) ?? 0);
  const first = starts[0] ?? MINUTES_PER_DAY;
  if (first > 0)
    segments.push({ from: 0, to: first, target: carriedTarget(week, dayIndex), pointIndex: -1 });
  points.forEach((point, index) => {
    const to = starts[index + 1] ?? MINUTES_PER_DAY;
    if (to > starts[index]!)
      segments.push({ from: starts[index]!, to, target: point.target, pointIndex: index });
  });
  return segments;
}

/** The segment of `dayIndex` in force at `minute` of that day. */
export const segmentAt = (segments: readonly Segment[], minute: number) =>
  segments.find((segment) => minute >= segment.from && minute < segment.to) ?? null;

/** Minutes after local midnight. */
export const minuteOfDay = (date: Date) => date.getHours() * 60 + date.getMinutes();

/** Two weeks hold the same points (dirty check of the editor). */
export function sameWeek(a: Week, b: Week) {
  return DAYS.every(
    (day) =>
      a[day].length === b[day].length &&
      a[day].every((point, i) => point.at === b[day][i]!.at && point.target === b[day][i]!.target),
  );
}

/** Half-degree steps stay exact: 21 + 0.5 is 21.5, never 21.500000001. */
export const roundTarget = (value: number) => Math.round(value * 1000) / 1000;
