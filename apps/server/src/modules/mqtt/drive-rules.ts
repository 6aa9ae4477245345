/**
 * The pure decisions of driving thermostats (issue 36, decision 0085): what a thermostat is
 * sent for its room, when it is sent, what a thermostat's report means (a confirmation, an
 * older value, a disagreement, a knob turned by hand), and what a room measures from its
 * devices. No MQTT, no database, no clock: each takes what it needs.
 */
import {
  availabilityOf,
  deviceSetpoint,
  roomValues,
  type DeviceReport,
  type SetpointSpec,
} from './rules.js';

/** What one thermostat is told: its setpoint, and `system_mode` where it offers one. */
export interface DeviceCommand {
  setpoint: number;
  /** `heat` / `off`; null when the device has no such mode (nothing sent). */
  systemMode: string | null;
}

/**
 * After a command, reports for this long are taken as in flight (sent before the device heard
 * us): neither a disagreement nor a knob.
 */
export const IN_FLIGHT_MS = 5_000;
/** Values we commanded this recently are ours when a device reports them late: never a knob. */
export const RECENT_MS = 120_000;

/** Two setpoints the same to a device (its reports carry at most two decimals). */
export const sameSetpoint = (a: number, b: number) => Math.abs(a - b) < 0.01;

/** Heating is the only mode a radiator thermostat regulates in; Off and Cooling close it. */
const regulates = (mode: string) => /^heating$/i.test(mode);

/**
 * The command for one thermostat of a room: the room's target in force, in the device's range
 * and step, with `system_mode` `heat` where it offers it. A room that is off (or cooling: a
 * radiator cannot cool) sends `system_mode` `off` where the device offers it, keeping the
 * target as setpoint so that `heat` resumes it; a device without `off` gets its lowest setpoint.
 */
export function desiredCommand(
  mode: string,
  target: number,
  device: { setpoint: SetpointSpec; systemModes: readonly string[] },
): DeviceCommand {
  const spec = device.setpoint;
  if (regulates(mode)) {
    return {
      setpoint: deviceSetpoint(target, spec),
      systemMode: device.systemModes.includes('heat') ? 'heat' : null,
    };
  }
  if (device.systemModes.includes('off')) {
    return { setpoint: deviceSetpoint(target, spec), systemMode: 'off' };
  }
  return { setpoint: deviceSetpoint(spec.min, spec), systemMode: null };
}

/** The JSON sent on `<base>/<name>/set`. */
export function commandPayload(property: string, command: DeviceCommand): Record<string, unknown> {
  return command.systemMode === null
    ? { [property]: command.setpoint }
    : { [property]: command.setpoint, system_mode: command.systemMode };
}

/** What the driver remembers of one thermostat (in memory: a restart sends everything again). */
export interface DriveState {
  /** The last command sent, and when (epoch ms); null before the first since start. */
  commanded: (DeviceCommand & { at: number }) | null;
  /** Since when the commanded setpoint waits for its confirmation; null = confirmed. */
  pendingSince: number | null;
  /** Setpoints sent within RECENT_MS (a late report of one is ours, not a knob). */
  recent: { setpoint: number; at: number }[];
  /** The last setpoint the device reported that was one we had commanded. */
  lastConfirmed: number | null;
}

export const initialDriveState = (): DriveState => ({
  commanded: null,
  pendingSince: null,
  recent: [],
  lastConfirmed: null,
});

/**
 * Whether a command goes out: always when forced (at start, after our reconnect, a device back
 * online, a disagreeing report), before the first command, and when it differs from the last
 * one sent. Never again for an unchanged value: batteries.
 */
export function needsSend(state: DriveState, desired: DeviceCommand, force: boolean): boolean {
  if (force || state.commanded === null) return true;
  return (
    !sameSetpoint(state.commanded.setpoint, desired.setpoint) ||
    state.commanded.systemMode !== desired.systemMode
  );
}

/** The state after sending `command` at `now`. */
export function afterSend(state: DriveState, command: DeviceCommand, now: number): DriveState {
  const same = state.commanded !== null && sameSetpoint(state.commanded.setpoint, command.setpoint);
  return {
    commanded: { ...command, at: now },
    // A resend of a value still waiting keeps its first instant: the alarm counts from there.
    pendingSince: same && state.pendingSince !== null ? state.pendingSince : now,
    recent: [
      ...state.recent.filter((entry) => now - entry.at <= RECENT_MS),
      { setpoint: command.setpoint, at: now },
    ],
    lastConfirmed: state.lastConfirmed,
  };
}

/**
 * What a thermostat's reported setpoint means:
 * - `ignore`: before our first command since start (we overwrite it), or in flight right after
 *   a command;
 * - `confirm`: the value we commanded;
 * - `disagree`: after the device had time to confirm, anything else that is no knob: an older
 *   value of ours, or the device still on a value it had (a command it dropped) — sent again;
 * - `knob`: a value away from the last one it confirmed that we did not send recently: a knob
 *   turned by hand.
 */
export type ReportVerdict = 'ignore' | 'confirm' | 'disagree' | 'knob';

export function judgeReport(state: DriveState, reported: number, now: number): ReportVerdict {
  const commanded = state.commanded;
  if (commanded === null) return 'ignore';
  if (sameSetpoint(reported, commanded.setpoint)) return 'confirm';
  if (now - commanded.at < IN_FLIGHT_MS) return 'ignore';
  const ours = state.recent.some(
    (entry) => now - entry.at <= RECENT_MS && sameSetpoint(entry.setpoint, reported),
  );
  if (ours) return 'disagree';
  if (state.lastConfirmed !== null && !sameSetpoint(reported, state.lastConfirmed)) return 'knob';
  return 'disagree';
}

/** The state after a confirming report. */
export const afterConfirm = (state: DriveState, reported: number): DriveState => ({
  ...state,
  pendingSince: null,
  lastConfirmed: reported,
});

/**
 * The state once a knob's value became the room's temporary target: the device has that value
 * (taken as commanded and confirmed), so it is not sent again unless the room's target differs
 * (a value beyond the limits, sent back to the limit).
 */
export const afterKnob = (state: DriveState, reported: number, now: number): DriveState => ({
  commanded: { setpoint: reported, systemMode: state.commanded?.systemMode ?? null, at: now },
  pendingSince: null,
  recent: state.recent.filter((entry) => now - entry.at <= RECENT_MS),
  lastConfirmed: reported,
});

/**
 * The temporary target a knob turned by hand makes: its value within the room's limits (issue
 * 34) and the room's hard limits.
 */
export function knobTarget(
  value: number,
  room: { minTarget: number; maxTarget: number; limits: { min: number; max: number } | null },
): number {
  let target = Math.min(room.maxTarget, Math.max(room.minTarget, value));
  if (room.limits) target = Math.min(room.limits.max, Math.max(room.limits.min, target));
  return target;
}

/** What a room's devices say for the rooms table (its temperature, humidity, valve, report time). */
export interface MeasuredRoom {
  temperature: number | null;
  humidity: number | null;
  valveOpen: boolean;
  /** When the reading was taken: the newest report of the devices the temperature came from. */
  reportedAt: number | null;
}

/**
 * A room's row from its devices' reports (decision 0084's room values): no devices, or none
 * reporting, shows no sensor (temperature and humidity null). The report time is that of the
 * devices the temperature came from (its sensors when one reports, else its thermostats), so a
 * silent sensor is noticed.
 */
export function measuredRoom(reports: readonly DeviceReport[], now: number): MeasuredRoom {
  if (reports.length === 0) {
    return { temperature: null, humidity: null, valveOpen: false, reportedAt: null };
  }
  const values = roomValues(reports, now);
  const live = reports.filter((report) => availabilityOf(report, now) !== 'offline');
  const has = (report: DeviceReport, property: string) =>
    typeof report.state[property] === 'number' && Number.isFinite(report.state[property]);
  const sensors = live.filter(
    (report) => report.device.temperatureSensor && has(report, 'temperature'),
  );
  const sources =
    sensors.length > 0 ? sensors : live.filter((report) => has(report, 'local_temperature'));
  const times = sources.flatMap((report) =>
    report.lastReportAt === null ? [] : [report.lastReportAt],
  );
  return {
    temperature: values.temperature,
    humidity: values.humidity,
    valveOpen: values.valve !== null && values.valve > 0,
    reportedAt: values.temperature === null || times.length === 0 ? null : Math.max(...times),
  };
}
