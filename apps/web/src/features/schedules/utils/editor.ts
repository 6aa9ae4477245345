import {
  DAYS,
  MAX_POINTS_PER_DAY,
  MINUTES_PER_DAY,
  TARGET_STEP,
  TIME_GRID,
  fromMinutes,
  roundTarget,
  toMinutes,
  type DayKey,
  type Week,
} from './week';

/** A switch point while it is edited: an id that stays while it moves, so focus can follow. */
export interface EditorPoint {
  id: number;
  minute: number;
  target: number;
}
export type EditorWeek = Record<DayKey, EditorPoint[]>;

export interface Limits {
  min: number;
  max: number;
}

let nextId = 1;
const newId = () => nextId++;

const sorted = (points: EditorPoint[]) => [...points].sort((a, b) => a.minute - b.minute);

export function toEditorWeek(week: Week): EditorWeek {
  const result = {} as EditorWeek;
  for (const day of DAYS)
    result[day] = sorted(
      week[day].map((point) => ({
        id: newId(),
        minute: toMinutes(point.at) ?? 0,
        target: point.target,
      })),
    );
  return result;
}

export function fromEditorWeek(week: EditorWeek): Week {
  const result = {} as Week;
  for (const day of DAYS)
    result[day] = sorted(week[day]).map((point) => ({
      at: fromMinutes(point.minute),
      target: point.target,
    }));
  return result;
}

/** The latest time on the server's grid: 23:55. */
export const LAST_MINUTE = MINUTES_PER_DAY - TIME_GRID;

const replaceDay = (week: EditorWeek, day: DayKey, points: EditorPoint[]): EditorWeek => ({
  ...week,
  [day]: sorted(points),
});

/**
 * Moves a point by `delta` minutes within its day (00:00 to 23:55). A time another point holds
 * is stepped over, so a point passes its neighbour instead of landing on it; at the day's edge
 * it stops.
 */
export function movePoint(week: EditorWeek, day: DayKey, id: number, delta: number): EditorWeek {
  const point = week[day].find((candidate) => candidate.id === id);
  if (!point || delta === 0) return week;
  const taken = new Set(week[day].filter((other) => other.id !== id).map((other) => other.minute));
  let minute = point.minute;
  do {
    minute = Math.min(LAST_MINUTE, Math.max(0, minute + delta));
  } while (taken.has(minute) && minute > 0 && minute < LAST_MINUTE);
  if (taken.has(minute)) return week;
  return setPointTime(week, day, id, minute);
}

/** Puts a point at a time (snapped to the 5-minute grid), unless another point holds it. */
export function setPointTime(week: EditorWeek, day: DayKey, id: number, minute: number) {
  const snapped = Math.min(LAST_MINUTE, Math.max(0, Math.round(minute / TIME_GRID) * TIME_GRID));
  if (week[day].some((other) => other.id !== id && other.minute === snapped)) return week;
  return replaceDay(
    week,
    day,
    week[day].map((point) => (point.id === id ? { ...point, minute: snapped } : point)),
  );
}

/** Changes a point's target by `delta` °C, kept within the room's limits. */
export function changeTarget(
  week: EditorWeek,
  day: DayKey,
  id: number,
  delta: number,
  limits: Limits,
): EditorWeek {
  return replaceDay(
    week,
    day,
    week[day].map((point) =>
      point.id === id
        ? {
            ...point,
            target: roundTarget(Math.min(limits.max, Math.max(limits.min, point.target + delta))),
          }
        : point,
    ),
  );
}

export function setTarget(week: EditorWeek, day: DayKey, id: number, target: number) {
  return replaceDay(
    week,
    day,
    week[day].map((point) => (point.id === id ? { ...point, target } : point)),
  );
}

export const removePoint = (week: EditorWeek, day: DayKey, id: number) =>
  replaceDay(
    week,
    day,
    week[day].filter((point) => point.id !== id),
  );

/**
 * Adds a point an hour after the day's last one (06:00 on an empty day), or at the first free
 * full hour; its target is the one in force there, so adding changes nothing until edited.
 * Null when the day is full.
 */
export function addPoint(
  week: EditorWeek,
  day: DayKey,
  fallbackTarget: number,
): { week: EditorWeek; id: number } | null {
  const points = week[day];
  if (points.length >= MAX_POINTS_PER_DAY) return null;
  const taken = new Set(points.map((point) => point.minute));
  const last = points.at(-1);
  const preferred = last ? Math.ceil((last.minute + 1) / 60) * 60 : 6 * 60;
  const candidates = [preferred, ...Array.from({ length: 24 }, (_, hour) => hour * 60)];
  const minute = candidates.find((m) => m <= LAST_MINUTE && !taken.has(m));
  if (minute === undefined) return null;
  const before = [...points].reverse().find((point) => point.minute < minute);
  const id = newId();
  return {
    id,
    week: replaceDay(week, day, [
      ...points,
      { id, minute, target: before?.target ?? last?.target ?? fallbackTarget },
    ]),
  };
}

/** Copies a day's points to other days (their own points are replaced). */
export function copyDay(week: EditorWeek, from: DayKey, to: readonly DayKey[]): EditorWeek {
  const result = { ...week };
  for (const day of to)
    if (day !== from) result[day] = week[from].map((point) => ({ ...point, id: newId() }));
  return result;
}

/** What is wrong with one point, as message ids of the schedules catalogue. */
export interface PointProblem {
  field: 'at' | 'target';
  id: string;
  values?: Record<string, string | number>;
}

/**
 * The editor's own check before saving, the same rules the server applies: a time on the grid,
 * one point per time, at most 12 a day, targets within the limits on the 0.5 °C step. Returns
 * the problems by point id, and per day (too many points).
 */
export function validateWeek(week: EditorWeek, limits: Limits) {
  const points = new Map<number, PointProblem[]>();
  const days = new Map<DayKey, string>();
  const add = (id: number, problem: PointProblem) =>
    points.set(id, [...(points.get(id) ?? []), problem]);
  for (const day of DAYS) {
    const seen = new Set<number>();
    if (week[day].length > MAX_POINTS_PER_DAY) days.set(day, 'schedules.error.tooMany');
    for (const point of week[day]) {
      if (point.minute % TIME_GRID !== 0 || point.minute < 0 || point.minute > LAST_MINUTE)
        add(point.id, { field: 'at', id: 'schedules.error.grid' });
      else if (seen.has(point.minute))
        add(point.id, { field: 'at', id: 'schedules.error.sameTime' });
      seen.add(point.minute);
      if (!Number.isFinite(point.target) || point.target < limits.min || point.target > limits.max)
        add(point.id, {
          field: 'target',
          id: 'schedules.error.range',
          values: { min: limits.min, max: limits.max },
        });
    }
  }
  return { points, days, valid: points.size === 0 && days.size === 0 };
}

/**
 * The server's messages (`{ "week.mon[2].at": "…" }`) mapped back to the points that were sent:
 * the index is the point's place in its day, in time order, as the editor sends it. Messages
 * that name a day or nothing the editor knows stay by day or in `other`.
 */
export function mapServerMessages(messages: Record<string, unknown> | undefined, sent: EditorWeek) {
  const points = new Map<number, string[]>();
  const days = new Map<DayKey, string[]>();
  const other: string[] = [];
  for (const [key, value] of Object.entries(messages ?? {})) {
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    );
    const match = /^week\.(mon|tue|wed|thu|fri|sat|sun)(?:\[(\d+)\])?/.exec(key);
    const day = match?.[1] as DayKey | undefined;
    const point = day && match?.[2] !== undefined ? sorted(sent[day])[Number(match[2])] : undefined;
    if (point) points.set(point.id, [...(points.get(point.id) ?? []), ...texts]);
    else if (day) days.set(day, [...(days.get(day) ?? []), ...texts]);
    else other.push(...texts);
  }
  return { points, days, other };
}

/** Key handling of a focused point: what a key does, or null when it is not ours. */
export type PointKeyAction =
  { kind: 'move'; delta: number } | { kind: 'target'; delta: number } | { kind: 'remove' };

export function pointKeyAction(event: { key: string; shiftKey: boolean }): PointKeyAction | null {
  const step = event.shiftKey ? 60 : 15;
  switch (event.key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return { kind: 'move', delta: step };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { kind: 'move', delta: -step };
    case '+':
    case '=':
    case 'Add':
      return { kind: 'target', delta: TARGET_STEP };
    case '-':
    case '−':
    case 'Subtract':
      return { kind: 'target', delta: -TARGET_STEP };
    case 'Delete':
    case 'Backspace':
      return { kind: 'remove' };
    default:
      return null;
  }
}
