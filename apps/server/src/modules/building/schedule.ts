import {
  SCHEDULE_GRID_MINUTES,
  SCHEDULE_MAX_POINTS_PER_DAY,
  SETPOINT_STEP,
  WEEK_DAYS,
  type Week,
  type WeekPoint,
} from '@raumregler/contract';
import { WALL_MINUTE, wallMinuteOfDay, wallWeekday } from '../../platform/clock/local-time.js';

/** One row of the weekly programme: days bit mask (bit 0 = Monday), minutes after midnight. */
export interface SwitchPoint {
  id: number;
  days: number;
  at: number;
  target: number;
}

/** One switch point on one weekday, as minutes since Monday 00:00. */
export interface Occurrence {
  pointId: number;
  day: number;
  weekMinute: number;
  target: number;
}

export const WEEK_MINUTES = 7 * 24 * 60;

/** Unrolls the programme into its weekly occurrences, in time order (later rows win ties). */
export function unrollSchedule(points: readonly SwitchPoint[]): Occurrence[] {
  const occurrences: Occurrence[] = [];
  for (const point of points) {
    for (let day = 0; day < 7; day++) {
      if (point.days & (1 << day)) {
        occurrences.push({
          pointId: point.id,
          day,
          weekMinute: day * 1440 + point.at,
          target: point.target,
        });
      }
    }
  }
  return occurrences.sort((a, b) => a.weekMinute - b.weekMinute || a.pointId - b.pointId);
}

/** How a change of one weekday's occurrence of a switch point changes the programme. */
export type OccurrenceChange =
  | { kind: 'retarget'; target: number }
  | { kind: 'split'; remainingDays: number; added: Omit<SwitchPoint, 'id'> };

/**
 * Changing the target of a point that runs on this day only changes the point; a point shared
 * by several days is split: the other days keep it, this day gets its own point with the new
 * target, so the change comes back every week on that day only.
 */
export function occurrenceChange(
  point: SwitchPoint,
  day: number,
  target: number,
): OccurrenceChange {
  const bit = 1 << day;
  if (point.days === bit) return { kind: 'retarget', target };
  return {
    kind: 'split',
    remainingDays: point.days & ~bit,
    added: { days: bit, at: point.at, target },
  };
}

export interface ScheduleState {
  /** The permanent target in force now. */
  target: number;
  /** The occurrence whose block is in force; null for a room without programme. */
  block: Occurrence | null;
  /** The next switch that changes the target, with its local wall time; null when none does. */
  next: { target: number; dueWall: number } | null;
}

/**
 * The programme at a local wall time. The block in force is the last switch at or before now,
 * wrapping to last week's final switch before the week's first one; the next change is the first
 * later switch (wrapping over the week end) whose target differs from the one in force, because a
 * switch to the same temperature is no change a user could notice.
 */
export function scheduleAt(
  occurrences: readonly Occurrence[],
  baseTarget: number,
  nowWall: number,
): ScheduleState {
  if (occurrences.length === 0) return { target: baseTarget, block: null, next: null };
  const nowMinute = wallWeekday(nowWall) * 1440 + wallMinuteOfDay(nowWall);
  let current = occurrences.length - 1;
  for (let i = 0; i < occurrences.length; i++) {
    if (occurrences[i]!.weekMinute <= nowMinute) current = i;
    else break;
  }
  const block = occurrences[current]!;
  const startOfMinute = nowWall - (nowWall % WALL_MINUTE);
  for (let step = 1; step <= occurrences.length; step++) {
    const candidate = occurrences[(current + step) % occurrences.length]!;
    if (candidate.target === block.target) continue;
    const ahead = (candidate.weekMinute - nowMinute + WEEK_MINUTES) % WEEK_MINUTES || WEEK_MINUTES;
    return {
      target: block.target,
      block,
      next: { target: candidate.target, dueWall: startOfMinute + ahead * WALL_MINUTE },
    };
  }
  return { target: block.target, block, next: null };
}

// ---------------------------------------------------------------------------------------------
// The week as our schedules endpoint shows and takes it (GET/POST /api/schedules/{roomId}/).

export { WEEK_DAYS, type Week, type WeekPoint };
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const MAX_POINTS_PER_DAY = SCHEDULE_MAX_POINTS_PER_DAY;
const SWITCH_GRID_MINUTES = SCHEDULE_GRID_MINUTES;
const TARGET_STEP = SETPOINT_STEP;

const pad2 = (value: number) => String(value).padStart(2, '0');
export const formatSwitchTime = (minutes: number) =>
  `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;

const emptyWeek = (): Week => ({ mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] });

/**
 * The stored programme (unrolled, as unrollSchedule orders it) as a week: each day's points in
 * time order. Two rows at the same time of a day (possible in an imported programme) show as
 * the one in force: the later row.
 */
export function weekOf(occurrences: readonly Occurrence[]): Week {
  const week = emptyWeek();
  for (const occurrence of occurrences) {
    const day = week[WEEK_DAYS[occurrence.day]!];
    const at = formatSwitchTime(occurrence.weekMinute % 1440);
    const last = day.at(-1);
    if (last?.at === at) last.target = occurrence.target;
    else day.push({ at, target: occurrence.target });
  }
  return week;
}

/**
 * The rows that store a week: one per time and target, with the days that share it (so an
 * unchanged weekday block stays one row, and a day edited alone gets its own rows).
 */
export function pointsOfWeek(week: Week): Omit<SwitchPoint, 'id'>[] {
  const rows = new Map<string, Omit<SwitchPoint, 'id'>>();
  WEEK_DAYS.forEach((name, day) => {
    for (const point of week[name]) {
      const [hours, minutes] = point.at.split(':').map(Number) as [number, number];
      const at = hours * 60 + minutes;
      const key = `${at}/${point.target}`;
      const row = rows.get(key);
      if (row) row.days |= 1 << day;
      else rows.set(key, { days: 1 << day, at, target: point.target });
    }
  });
  return [...rows.values()].sort((a, b) => a.at - b.at || a.days - b.days);
}

/** Whether two weeks switch to the same targets at the same times. */
export const sameWeek = (a: Week, b: Week) =>
  WEEK_DAYS.every(
    (day) =>
      a[day].length === b[day].length &&
      a[day].every(
        (point, index) => point.at === b[day][index]!.at && point.target === b[day][index]!.target,
      ),
  );

export type WeekMessages = Record<string, string[]>;
export type ParsedWeek = { ok: true; week: Week } | { ok: false; messages: WeekMessages };

const SWITCH_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * A week as a client sends it (the JSON text of the `week` field, or the parsed object of a JSON
 * body), checked against the rules of the schedule: every weekday present as a list of at most
 * 12 points, each at 'HH:MM' (00:00–23:59) on the 5-minute grid, one point per time of a day,
 * each target a number within the room's limits on the 0.125 °C grid. Every broken rule is
 * reported under its path (`week`, `week.tue`, `week.mon[2].at`, `week.tue[0].target`); the
 * week comes back with each day in time order.
 */
export function parseWeek(raw: unknown, limits: { min: number; max: number }): ParsedWeek {
  const messages: WeekMessages = {};
  const refuse = (path: string, reason: string) => {
    (messages[path] ??= []).push(`${path} ${reason}.`);
  };
  let value = raw;
  if (value === undefined || value === null || value === '') {
    refuse('week', 'is required');
    return { ok: false, messages };
  }
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      refuse('week', 'must be JSON such as {"mon": [{"at": "06:00", "target": 21}], …}');
      return { ok: false, messages };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    refuse('week', 'must be an object with the days mon, tue, wed, thu, fri, sat and sun');
    return { ok: false, messages };
  }
  const input = value as Record<string, unknown>;
  const unknown = Object.keys(input).filter(
    (key) => !(WEEK_DAYS as readonly string[]).includes(key),
  );
  if (unknown.length > 0) {
    refuse('week', 'has unknown days; the days are mon, tue, wed, thu, fri, sat and sun');
  }
  const week = emptyWeek();
  WEEK_DAYS.forEach((name, dayIndex) => {
    const path = `week.${name}`;
    if (!Object.hasOwn(input, name)) {
      refuse(path, 'is missing; every weekday must be present (an empty list for none)');
      return;
    }
    const points = input[name];
    if (!Array.isArray(points)) {
      refuse(path, 'must be a list of points such as [{"at": "06:00", "target": 21}]');
      return;
    }
    if (points.length > MAX_POINTS_PER_DAY) {
      refuse(path, `has too many points; a day holds at most ${MAX_POINTS_PER_DAY}`);
      return;
    }
    const seen = new Map<string, number>();
    points.forEach((point: unknown, index) => {
      const pointPath = `${path}[${index}]`;
      if (typeof point !== 'object' || point === null || Array.isArray(point)) {
        refuse(pointPath, 'must be an object with at and target');
        return;
      }
      const { at, target } = point as { at?: unknown; target?: unknown };
      let atOk = false;
      const match = typeof at === 'string' ? SWITCH_TIME.exec(at) : null;
      if (at === undefined) refuse(`${pointPath}.at`, 'is required');
      else if (!match) refuse(`${pointPath}.at`, 'must be a time HH:MM from 00:00 to 23:59');
      else if (Number(match[2]) % SWITCH_GRID_MINUTES !== 0) {
        refuse(
          `${pointPath}.at`,
          `must be on the ${SWITCH_GRID_MINUTES}-minute grid (such as 06:00 or 06:05)`,
        );
      } else {
        const earlier = seen.get(at as string);
        if (earlier !== undefined) {
          refuse(
            `${pointPath}.at`,
            `is the same time as ${path}[${earlier}]; ${DAY_NAMES[dayIndex]} has one point per time`,
          );
        } else {
          seen.set(at as string, index);
          atOk = true;
        }
      }
      let targetOk = false;
      if (target === undefined) refuse(`${pointPath}.target`, 'is required');
      else if (typeof target !== 'number' || !Number.isFinite(target)) {
        refuse(`${pointPath}.target`, 'must be a number such as 21.5');
      } else if (target < limits.min || target > limits.max) {
        refuse(`${pointPath}.target`, `must be between ${limits.min} and ${limits.max} °C`);
      } else if (Math.abs(target / TARGET_STEP - Math.round(target / TARGET_STEP)) > 1e-9) {
        refuse(`${pointPath}.target`, `must be on the ${TARGET_STEP} °C grid (such as 21.5)`);
      } else targetOk = true;
      if (atOk && targetOk) {
        week[name].push({
          at: at as string,
          target: Math.round((target as number) / TARGET_STEP) * TARGET_STEP,
        });
      }
    });
    week[name].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  });
  return Object.keys(messages).length > 0 ? { ok: false, messages } : { ok: true, week };
}
