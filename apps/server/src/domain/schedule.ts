import { WALL_MINUTE, wallMinuteOfDay, wallWeekday } from './local-time.js';

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
