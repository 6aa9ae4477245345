/**
 * Wire types of the Controme-style device API (see docs/device-api.md).
 * Field names are the device's own (German), so third-party tools work unchanged.
 */

/** Access level of one area of the app. Unknown values are treated as read-only by the app. */
export type Access = 'no-access' | 'read' | 'full' | 'permanent';
export const ACCESS_LEVELS: readonly Access[] = ['no-access', 'read', 'full', 'permanent'];

/**
 * The wire shapes: their schemas are in `./schemas/device.ts` (entry
 * `@raumregler/contract/schemas`), their types are exported here, as types only, so that the
 * web app gets them without the schema library.
 */
export type {
  Permissions,
  DeviceInfo,
  Sensor,
  ModuleOffset,
  Room,
  Floor,
  RoomName,
  FloorRooms,
  RoomOutputs,
  FloorOutputs,
  SetTargetBody,
  SetPermanentBody,
  SetOperatingModeBody,
} from './schemas/device.js';

export type OperatingModeAction = 'heating' | 'cooling' | 'off' | 'on';

/** Setpoint grid of the device, in °C. */
export const SETPOINT_STEP = 0.125;
/** Default limits of a room's setpoint, in °C. */
export const DEFAULT_SETPOINT_MIN = 5;
export const DEFAULT_SETPOINT_MAX = 30;
/** Bounds of a temporary target's duration, in minutes. */
export const TEMPORARY_DURATION_MIN = 1;
export const TEMPORARY_DURATION_MAX = 1440;
/** The app offers a temporary target for 1 to 12 whole hours (the room page and the overview). */
export const TEMPORARY_HOURS_MIN = 1;
export const TEMPORARY_HOURS_MAX = 12;
/**
 * How far ahead a temporary target's end (`until`, our extension of `ziel`) may lie: 31 days, so
 * that a group is held over a week or a month's end. `duration` keeps the device's 1–1440 minutes.
 */
export const TEMPORARY_UNTIL_MAX_DAYS = 31;
/** Minutes a temporary target runs when `duration` is `default`, 0 or missing. */
export const TEMPORARY_DURATION_DEFAULT = 60;
