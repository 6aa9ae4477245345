/**
 * Wire types of the Controme-style device API (see docs/device-api.md).
 * Field names are the device's own (German), so third-party tools work unchanged.
 */

/** Access level of one area of the app. Unknown values are treated as read-only by the app. */
export type Access = 'no-access' | 'read' | 'full' | 'permanent';
export const ACCESS_LEVELS: readonly Access[] = ['no-access', 'read', 'full', 'permanent'];

export interface Permissions {
  access_to_smart: Access | (string & {});
  access_to_pro: Access | (string & {});
}

export interface DeviceInfo {
  hw: string;
  'sw-date': string;
  branch: string;
  os: string;
  fbi: string;
  'app-compatibility': boolean;
  /** Ours: the building's name. */
  name: string;
  house_id: number;
  /** Ours: the device id (first label of the host name on real installations). */
  mac: string;
}

export interface Sensor {
  name: string;
  beschreibung: string;
  wert: number | null;
  /** "DD.MM.YYYY HH:MM" local time, or null when the sensor never reported. */
  letzte_uebertragung: string | null;
  raumtemperatursensor: boolean;
}

export interface ModuleOffset {
  raum: number;
  haus: number;
}

export interface Room {
  id: number;
  name: string;
  /** Measured temperature; null when the room has no sensor. */
  temperatur: number | null;
  /** Target in force now (the temporary target while one runs). */
  solltemperatur: number;
  /** The permanent target (schedule block in force / `soll`). */
  perm_solltemperatur: number;
  total_offset: number;
  offsets: Record<string, ModuleOffset>;
  sensoren: Sensor[];
  luftfeuchte: number | null;
  /** "Heating", "Cooling" or another word (inactive); compare case-insensitively. */
  betriebsart: string;
  is_temporary_mode: boolean;
  /** Seconds left of the temporary target; null when none runs. */
  remaining_time: number | null;
  /** End of the temporary target, local time "YYYY-MM-DDTHH:MM:SS". */
  mode_end_datetime: string | null;
  next_temperature: number | null;
  /** When next_temperature applies, local time "YYYY-MM-DD HH:MM". */
  next_due_time: string | null;
}

export interface Floor {
  id: number;
  etagenname: string;
  raeume: Room[];
}

export interface RoomName {
  id: number;
  name: string;
}

export interface FloorRooms {
  id: number;
  etagenname: string;
  raeume: RoomName[];
}

export interface RoomOutputs extends RoomName {
  /** Output number → valve open (1) or shut (0). */
  ausgang: Record<string, 0 | 1>;
}

export interface FloorOutputs {
  id: number;
  etagenname: string;
  raeume: RoomOutputs[];
}

export type OperatingModeAction = 'heating' | 'cooling' | 'off' | 'on';

/** Setpoint grid of the device, in °C. */
export const SETPOINT_STEP = 0.125;
/** Default limits of a room's setpoint, in °C. */
export const DEFAULT_SETPOINT_MIN = 5;
export const DEFAULT_SETPOINT_MAX = 30;
/** Bounds of a temporary target's duration, in minutes. */
export const TEMPORARY_DURATION_MIN = 1;
export const TEMPORARY_DURATION_MAX = 1440;
/** Minutes a temporary target runs when `duration` is `default`, 0 or missing. */
export const TEMPORARY_DURATION_DEFAULT = 60;
