/**
 * What a room is doing now and what comes next (issue 32): the one rule behind the overview's
 * "Nächste Änderung", the floor page's "Danach" and the room page's mode line, so that they
 * never contradict each other. Pure, and free of UI text: the web formats the answer, and Home
 * Assistant's state can read the same one.
 *
 * Times are the device's wall-clock times as the wire carries them, normalised to
 * 'YYYY-MM-DDTHH:MM:SS' (they compare as text).
 */

/** The fields of a room (as `temps` sends it) that decide; values are read defensively. */
export interface RoomActivityInput {
  betriebsart?: unknown;
  solltemperatur?: unknown;
  perm_solltemperatur?: unknown;
  is_temporary_mode?: unknown;
  remaining_time?: unknown;
  mode_end_datetime?: unknown;
  next_temperature?: unknown;
  next_due_time?: unknown;
  /** Ours: the end of the absence that holds the room now, or null. */
  absent_until?: unknown;
  /** Ours: the target in force once the running temporary target ends, or null. */
  after_temporary_temperature?: unknown;
}

export type RoomMode = 'heating' | 'cooling' | 'off';

export type RoomNow =
  /** A temporary target runs; `until` is null when the device names no end. */
  | { kind: 'temporary'; target: number | null; until: string | null }
  /** An absence holds the room at `target` until `until` (exclusive). */
  | { kind: 'absent'; target: number | null; until: string }
  /** The weekly programme (or, without one, the room's permanent target). */
  | { kind: 'schedule'; target: number | null };

export interface RoomNext {
  /** When it happens (device wall time 'YYYY-MM-DDTHH:MM:SS'). */
  at: string;
  /**
   * The target from then on; null when it is not known (a device that does not tell what
   * holds after a temporary target that outlasts a switch point).
   */
  target: number | null;
  /** Why: the temporary target ends, the absence ends, or the programme switches. */
  reason: 'temporary-ends' | 'absence-ends' | 'schedule';
  /** After a temporary target: whether an absence holds the room then, else the programme. */
  into?: 'absence' | 'schedule';
}

export interface RoomActivity {
  mode: RoomMode;
  now: RoomNow;
  /** The next change of the target in force; null when none is planned. */
  next: RoomNext | null;
}

const number = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+([.,]\d+)?\s*$/.test(value)) {
    return Number(value.trim().replace(',', '.'));
  }
  return null;
};

const WALL = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2}))?/;

/** A device wall time ('YYYY-MM-DD HH:MM', '…THH:MM:SS', an offset ignored) normalised, or null. */
export function wallTime(value: unknown): string | null {
  const match = typeof value === 'string' ? WALL.exec(value.trim()) : null;
  return match ? `${match[1]}T${match[2]}:${match[3] ?? '00'}` : null;
}

/** `betriebsart` as a mode: Heating, Cooling (any letter case), anything else is off. */
export function roomMode(betriebsart: unknown): RoomMode {
  const mode = typeof betriebsart === 'string' ? betriebsart.trim().toLowerCase() : '';
  return mode === 'heating' ? 'heating' : mode === 'cooling' ? 'cooling' : 'off';
}

/**
 * The room's activity. A temporary target wins (also during an absence); its next change is its
 * end, to the target that holds then (ours: `after_temporary_temperature`; from a device without
 * it, the permanent target when the programme's next switch comes after the end, else unknown).
 * During an absence the next change is the device's `next_*` (its end, or a later absence's
 * start). Otherwise the programme's next switch, or none.
 */
export function roomActivity(room: RoomActivityInput): RoomActivity {
  const mode = roomMode(room.betriebsart);
  const scheduled = (): RoomNext | null => {
    const at = wallTime(room.next_due_time);
    const target = number(room.next_temperature);
    return at === null || target === null ? null : { at, target, reason: 'schedule' };
  };
  const remaining = number(room.remaining_time);
  if (room.is_temporary_mode === true && (remaining === null || remaining > 0)) {
    const until = wallTime(room.mode_end_datetime);
    const now: RoomNow = { kind: 'temporary', target: number(room.solltemperatur), until };
    if (until === null) return { mode, now, next: null };
    let target = number(room.after_temporary_temperature);
    if (target === null) {
      const switchAt = scheduled()?.at ?? null;
      // No switch before the end: the permanent target of now still holds then.
      if (switchAt === null || switchAt > until) target = number(room.perm_solltemperatur);
    }
    const absentUntil = wallTime(room.absent_until);
    const into = absentUntil !== null && absentUntil > until ? 'absence' : 'schedule';
    return { mode, now, next: { at: until, target, reason: 'temporary-ends', into } };
  }
  const absentUntil = wallTime(room.absent_until);
  const target = number(room.solltemperatur) ?? number(room.perm_solltemperatur);
  if (absentUntil !== null) {
    const next = scheduled();
    return {
      mode,
      now: { kind: 'absent', target, until: absentUntil },
      next: next && next.at === absentUntil ? { ...next, reason: 'absence-ends' } : next,
    };
  }
  return { mode, now: { kind: 'schedule', target }, next: scheduled() };
}
