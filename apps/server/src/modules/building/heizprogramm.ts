import {
  formatDueTime,
  WALL_MINUTE,
  wallMinuteOfDay,
  wallWeekday,
} from '../../platform/clock/local-time.js';
import { WEEK_MINUTES, type Occurrence } from './schedule.js';

/** One switch point of the device's `heizprogramm/`: a scene, when it next starts, active. */
export interface ProgrammePoint {
  id: number;
  name: string;
  /** Naive local time "YYYY-MM-DD HH:MM". */
  next_due_time: string | null;
  active: boolean;
}

/** Levels from this target up are comfort, below it setback. */
const COMFORT_FROM = 19;

/** A scene's name from its level: "Komfort 21,0 °C", "Absenkung 17,0 °C". */
export function sceneName(target: number): string {
  const level = target.toFixed(1).replace('.', ',');
  return `${target >= COMFORT_FROM ? 'Komfort' : 'Absenkung'} ${level} °C`;
}

/**
 * The device's `heizprogramm/` from the rooms' weeks: one switch point per level a week switches
 * to (a scene, not a room), warmest first, with the next time any room's week switches to it
 * after `nowWall` (local wall time, as scheduleAt reads it). `{}` when no room has a week, as a
 * device answers with the module off. One pass over every room's occurrences.
 */
export function heizprogramm(
  roomIds: Iterable<number>,
  scheduleOf: (roomId: number) => readonly Occurrence[],
  nowWall: number,
): ProgrammePoint[] | Record<string, never> {
  const nowMinute = wallWeekday(nowWall) * 1440 + wallMinuteOfDay(nowWall);
  const soonest = new Map<number, number>();
  for (const roomId of roomIds) {
    for (const occurrence of scheduleOf(roomId)) {
      const ahead =
        (occurrence.weekMinute - nowMinute + WEEK_MINUTES) % WEEK_MINUTES || WEEK_MINUTES;
      const known = soonest.get(occurrence.target);
      if (known === undefined || ahead < known) soonest.set(occurrence.target, ahead);
    }
  }
  if (soonest.size === 0) return {};
  const startOfMinute = nowWall - (nowWall % WALL_MINUTE);
  return [...soonest]
    .sort(([a], [b]) => b - a)
    .map(([target, ahead], index) => ({
      id: index + 1,
      name: sceneName(target),
      next_due_time: formatDueTime(startOfMinute + ahead * WALL_MINUTE),
      active: true,
    }));
}
