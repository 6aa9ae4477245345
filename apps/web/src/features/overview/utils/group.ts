import type { RoomLimits } from '@raumregler/contract';
import type { OverviewRow } from './rows';
import { durationBeside } from './until';

/** One room's write of a group action, with every value fixed when the action starts. */
export type GroupWrite =
  | { roomId: number; kind: 'temporary'; target: number; minutes: number; until: string }
  | { roomId: number; kind: 'permanent'; target: number }
  | { roomId: number; kind: 'resume' }
  /** Issue 34: the room's limits, or none (null), for those who manage the rooms. */
  | { roomId: number; kind: 'limits'; limits: RoomLimits | null };

export type GroupAction =
  | { kind: 'temporary'; target: number; hours: number }
  /** "Bis …": one end instant for every room, up to 31 days ahead (utils/until.ts). */
  | { kind: 'until'; target: number; until: Date }
  | { kind: 'shift'; delta: number; hours: number }
  | { kind: 'permanent'; target: number }
  | { kind: 'resume' }
  | { kind: 'limits'; limits: RoomLimits | null };

const pad = (n: number) => String(n).padStart(2, '0');

/** A device-local "YYYY-MM-DDTHH:MM:SS" (the browser's clock stands in for the device's). */
export const localDateTime = (date: Date) =>
  `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;

/** Half-degree steps stay exact: 21.4 + 0.5 is 21.9, not 21.900000000000002. */
const tenth = (value: number) => Math.round(value * 10) / 10;

/**
 * The writes of an action for the selected rows, computed once: a temporary action gets one
 * end instant (`until`) for every room (with "Bis …" the chosen one, and beside it the minutes
 * up to it within the device's 1–1440, which a real device takes instead), ±0,5 °C one absolute value per room from its own
 * target, so a retry sends the same values and no room moves twice. Rooms without a target
 * cannot be shifted and are left out.
 */
export function groupWrites(action: GroupAction, rows: readonly OverviewRow[], now: Date) {
  if (action.kind === 'resume')
    return rows.map((row) => ({ roomId: row.id, kind: 'resume' as const }));
  if (action.kind === 'limits')
    return rows.map((row): GroupWrite => ({
      roomId: row.id,
      kind: 'limits',
      limits: action.limits,
    }));
  if (action.kind === 'permanent')
    return rows.map((row) => ({
      roomId: row.id,
      kind: 'permanent' as const,
      target: action.target,
    }));
  if (action.kind === 'until') {
    const minutes = durationBeside(action.until, now);
    const until = localDateTime(action.until);
    return rows.map((row): GroupWrite => ({
      roomId: row.id,
      kind: 'temporary',
      target: action.target,
      minutes,
      until,
    }));
  }
  const minutes = Math.round(action.hours * 60);
  const until = localDateTime(new Date(now.getTime() + minutes * 60_000));
  const writes: GroupWrite[] = [];
  for (const row of rows) {
    const target =
      action.kind === 'temporary'
        ? action.target
        : row.target === null
          ? null
          : tenth(row.target + action.delta);
    if (target !== null) writes.push({ roomId: row.id, kind: 'temporary', target, minutes, until });
  }
  return writes;
}
