import type { Alarm, AlarmState } from '../api/alarm-types';

const stateOrder: Record<AlarmState, number> = { active: 0, acknowledged: 1, cleared: 2 };

/** Newest first by `since` (the wire's ISO times sort as text within one offset; ids break ties). */
function newestFirst(a: Alarm, b: Alarm) {
  const byTime = Date.parse(b.since) - Date.parse(a.since);
  if (Number.isFinite(byTime) && byTime !== 0) return byTime;
  return Number(b.id) - Number(a.id);
}

/** Open alarms: the ones nobody has seen to (active) first, then the acknowledged; newest first. */
export function sortOpen(alarms: readonly Alarm[]): Alarm[] {
  return alarms
    .filter((alarm) => alarm.state !== 'cleared')
    .sort((a, b) => stateOrder[a.state] - stateOrder[b.state] || newestFirst(a, b));
}

/** The history below them: the cleared alarms of `state=all`, newest first. */
export function sortHistory(alarms: readonly Alarm[]): Alarm[] {
  return alarms.filter((alarm) => alarm.state === 'cleared').sort(newestFirst);
}

/** A room's open alarms, for its mark on the room page. */
export const openAlarmsOfRoom = (alarms: readonly Alarm[] | undefined, roomId: number) =>
  sortOpen((alarms ?? []).filter((alarm) => alarm.room === roomId));
