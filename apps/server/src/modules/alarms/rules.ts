/**
 * The alarm rules (issue 15), pure: a room's reading and "now" in, the alarms to open and to
 * clear out. The service (service.ts) keeps one `RoomWatch` per room in memory,
 * stores what the rules decide and mails it.
 *
 * Instants are epoch milliseconds of the app's clock. Durations are counted in the building's own
 * time: real elapsed time × `scale` (SIM_SPEED when simulating, 1 in proxy mode), the time the
 * room physics runs on, so a fast simulation raises alarms fast.
 */
import type { AlarmKind } from '@raumregler/contract';

export { ALARM_KINDS, ALARM_STATES, type AlarmKind, type AlarmState } from '@raumregler/contract';

/** A room that gained at least this much over the alarm's window is getting warmer (cooler). */
export const GAIN_KELVIN = 0.5;

export interface AlarmSettings {
  coldKelvin: number;
  coldMinutes: number;
  warmKelvin: number;
  warmMinutes: number;
  silentMinutes: number;
  clearMinutes: number;
  /** Proxy mode: the device-offline alarm after this long without a useful answer (≥ 0.1). */
  deviceMinutes: number;
}

export const DEFAULT_ALARM_SETTINGS: AlarmSettings = {
  coldKelvin: 2,
  coldMinutes: 60,
  warmKelvin: 2,
  warmMinutes: 60,
  silentMinutes: 30,
  clearMinutes: 10,
  deviceMinutes: 5,
};

/** What the rules need of one room at one instant. */
export interface RoomReading {
  roomId: number;
  /** "Heating", "Cooling", "Off" … compared case-insensitively. */
  mode: string;
  /** The last reading in °C; null: the room has no sensor. */
  temperature: number | null;
  /** The target in force; null when unknown. */
  target: number | null;
  /** Instant of the last reading; null when unknown (such a sensor is never called silent). */
  reportedAt: number | null;
}

/** A condition that holds since `since`, with the readings of its window (time, °C pairs). */
interface Trend {
  since: number;
  /** Flat pairs [at, temperature, at, temperature, …], oldest first, thinned to ~30 a window. */
  samples: number[];
}

interface OpenAlarm {
  id: number;
  /** Since when the condition is false; null while it holds. */
  clearingSince: number | null;
}

/** Everything the rules remember about one room between two evaluations. */
export interface RoomWatch {
  cold: Trend | null;
  warm: Trend | null;
  open: Partial<Record<AlarmKind, OpenAlarm>>;
}

export const newRoomWatch = (): RoomWatch => ({ cold: null, warm: null, open: {} });

export type AlarmEvent =
  | {
      type: 'open';
      roomId: number;
      kind: AlarmKind;
      /** When the condition began. */
      since: number;
      value: number | null;
      target: number | null;
    }
  | { type: 'clear'; roomId: number; kind: AlarmKind; alarmId: number };

const MINUTE = 60_000;

const isMode = (mode: string, name: string) =>
  mode.length === name.length && mode.toLowerCase() === name;

/** Does the room have a sensor whose last reading is older than the silent limit? */
function isSilent(reading: RoomReading, now: number, scale: number, settings: AlarmSettings) {
  if (reading.temperature === null || isMode(reading.mode, 'off')) return false;
  // A sensor whose last reading is unknown cannot be told silent: never cry wolf.
  if (reading.reportedAt === null) return false;
  return (now - reading.reportedAt) * scale >= settings.silentMinutes * MINUTE;
}

const NOT_HOLDING = Object.freeze({ trend: null, stuck: false });

/**
 * Follows a too-cold or too-warm condition: null when it does not hold, else its trend with this
 * reading added. Returns whether it has held for the window while the room gained less than
 * GAIN_KELVIN in the right direction over that window.
 */
function follow(
  trend: Trend | null,
  holds: boolean,
  temperature: number,
  now: number,
  windowMs: number,
  scale: number,
  direction: 1 | -1,
): { trend: Trend | null; stuck: boolean } {
  if (!holds) return NOT_HOLDING;
  if (!trend) return { trend: { since: now, samples: [now, temperature] }, stuck: false };
  const { samples } = trend;
  // Keep a reading every 1/30 of the window (in real ms): the window's start is known to ~2 %.
  const spacing = windowMs / scale / 30;
  if (now - samples[samples.length - 2]! >= spacing) samples.push(now, temperature);
  if ((now - trend.since) * scale < windowMs) return { trend, stuck: false };
  // The newest reading at or before the window's start; older ones are no longer needed.
  const start = now - windowMs / scale;
  let index = 0;
  while (index + 2 < samples.length && samples[index + 2]! <= start) index += 2;
  if (index > 0) samples.splice(0, index);
  const gained = (temperature - samples[1]!) * direction;
  return { trend, stuck: gained < GAIN_KELVIN };
}

/**
 * Evaluates one room at `now`: which of its alarms open and which clear. Updates `watch` in place
 * and appends the events to `out` (it runs for every room on every simulation tick, so it
 * allocates nothing while nothing changes); the caller stores them and tells the watch the new
 * alarm's id with `markOpened`. Answers `out`.
 */
export function evaluateRoom(
  watch: RoomWatch,
  reading: RoomReading,
  now: number,
  scale: number,
  settings: AlarmSettings,
  out: AlarmEvent[] = [],
): AlarmEvent[] {
  const silent = isSilent(reading, now, scale, settings);
  const { temperature, target, mode } = reading;
  // Whether each condition holds; undefined: unknown (a silent sensor says nothing of the room).
  let cold: boolean | undefined;
  let warm: boolean | undefined;
  if (silent || temperature === null || target === null) {
    // A silent sensor's last value says nothing about the room now: no trends on it, and an
    // open too-cold/too-warm alarm neither clears nor is confirmed until readings come back.
    watch.cold = null;
    watch.warm = null;
    if (!silent) cold = warm = false;
  } else {
    const coldNow = follow(
      watch.cold,
      isMode(mode, 'heating') && temperature < target - settings.coldKelvin,
      temperature,
      now,
      settings.coldMinutes * MINUTE,
      scale,
      1,
    );
    watch.cold = coldNow.trend;
    cold = coldNow.trend !== null;
    if (coldNow.stuck && !watch.open['too-cold']) {
      out.push(openEvent(reading, 'too-cold', coldNow.trend!.since));
    }
    const warmNow = follow(
      watch.warm,
      isMode(mode, 'cooling') && temperature > target + settings.warmKelvin,
      temperature,
      now,
      settings.warmMinutes * MINUTE,
      scale,
      -1,
    );
    watch.warm = warmNow.trend;
    warm = warmNow.trend !== null;
    if (warmNow.stuck && !watch.open['too-warm']) {
      out.push(openEvent(reading, 'too-warm', warmNow.trend!.since));
    }
  }
  if (silent && !watch.open['sensor-silent']) {
    out.push(openEvent(reading, 'sensor-silent', reading.reportedAt!));
  }
  settle(watch, 'too-cold', cold, reading.roomId, now, scale, settings, out);
  settle(watch, 'too-warm', warm, reading.roomId, now, scale, settings, out);
  settle(watch, 'sensor-silent', silent, reading.roomId, now, scale, settings, out);
  return out;
}

/** An open alarm clears once its condition has been false for the clear delay. */
function settle(
  watch: RoomWatch,
  kind: AlarmKind,
  holds: boolean | undefined,
  roomId: number,
  now: number,
  scale: number,
  settings: AlarmSettings,
  out: AlarmEvent[],
) {
  const open = watch.open[kind];
  if (!open || holds === undefined) return;
  if (holds) {
    open.clearingSince = null;
    return;
  }
  open.clearingSince ??= now;
  if ((now - open.clearingSince) * scale >= settings.clearMinutes * MINUTE) {
    delete watch.open[kind];
    out.push({ type: 'clear', roomId, kind, alarmId: open.id });
  }
}

const openEvent = (reading: RoomReading, kind: AlarmKind, since: number): AlarmEvent => ({
  type: 'open',
  roomId: reading.roomId,
  kind,
  since,
  value: reading.temperature,
  target: reading.target,
});

/** Records that the alarm of this kind is open (just stored, or loaded after a restart). */
export function markOpened(watch: RoomWatch, kind: AlarmKind, alarmId: number) {
  watch.open[kind] = { id: alarmId, clearingSince: null };
}

/** Forgets an open alarm that was cleared elsewhere. */
export function markCleared(watch: RoomWatch, kind: AlarmKind) {
  delete watch.open[kind];
}

/**
 * Mail storms: the first `singles` alarms opened within any `windowMs` are mailed at once, later
 * ones wait for one digest sent when the window ends. `openedBefore` are the instants of the
 * alarms opened before this one (any order). Answers when this alarm's mail is due and whether
 * it goes into the digest.
 */
export function mailPlan(
  openedAt: number,
  openedBefore: readonly number[],
  windowMs: number,
  singles = 5,
): { digest: boolean; dueAt: number } {
  const inWindow = openedBefore.filter((at) => at > openedAt - windowMs && at <= openedAt);
  if (inWindow.length < singles) return { digest: false, dueAt: openedAt };
  // The window that this storm started: it ends windowMs after its first alarm.
  return { digest: true, dueAt: Math.min(...inWindow) + windowMs };
}

/** Proxy mode: what the device-offline rule remembers between two polls. */
export interface DeviceWatch {
  /** The first poll without a useful answer since the last useful one; null while it answers. */
  failingSince: number | null;
  /** The open device-offline alarm's id; null when none is open. */
  openId: number | null;
}

export type DeviceEvent =
  { type: 'open'; since: number } | { type: 'clear'; alarmId: number } | null;

/**
 * The device-offline rule (issue 32), after each poll of the device: an alarm opens once the
 * device has given no useful answer for `deviceMinutes` (real time), counted from the first poll
 * it failed, and clears at the first useful answer. Updates `watch`; the caller stores the event
 * and sets `openId`.
 */
export function evaluateDevice(
  watch: DeviceWatch,
  useful: boolean,
  now: number,
  settings: Pick<AlarmSettings, 'deviceMinutes'>,
): DeviceEvent {
  if (useful) {
    watch.failingSince = null;
    if (watch.openId === null) return null;
    const alarmId = watch.openId;
    watch.openId = null;
    return { type: 'clear', alarmId };
  }
  watch.failingSince ??= now;
  if (watch.openId !== null) return null;
  if (now - watch.failingSince < settings.deviceMinutes * MINUTE) return null;
  return { type: 'open', since: watch.failingSince };
}
