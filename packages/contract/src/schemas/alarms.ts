/**
 * Our own alarms endpoints (issue 15, docs/device-api.md "our extensions"): not part of the
 * Controme device API. Times are the device's local time with its UTC offset.
 */
import Type, { type Static } from 'typebox';
import { ALARM_ACK_ERRORS, ALARM_DEVICE_KINDS, ALARM_KINDS, ALARM_NOTE_MAX } from '../alarms.js';
import { Nullable } from './device.js';

export const AlarmSchema = Type.Object({
  id: Type.Integer(),
  /** The room's id (a device alarm: the device's room); null for proxy mode's `device-offline`. */
  room: Nullable(Type.Integer()),
  room_name: Nullable(Type.String()),
  /** The floor's name; null for an alarm of no room. */
  floor: Nullable(Type.String()),
  /** The floor's id (issue 32), kept with the alarm; null when it was not known or for no room. */
  floor_id: Nullable(Type.Integer()),
  kind: Type.Enum(ALARM_KINDS),
  /**
   * The zigbee2mqtt friendly name of the device the alarm is about (issue 36: `device-offline`,
   * `device-unconfirmed`, `battery-low`); null for a room's alarm and for proxy mode's
   * `device-offline` (the whole device).
   */
  device: Nullable(Type.String()),
  /** What the device is, from its exposes (the app says "Thermostat" or "Sensor"); null without a device. */
  device_kind: Type.Union([Type.Enum(ALARM_DEVICE_KINDS), Type.Null()]),
  /** When the condition began, e.g. 2026-11-23T07:40:00+01:00. */
  since: Type.String(),
  state: Type.Union([
    Type.Literal('active'),
    Type.Literal('acknowledged'),
    Type.Literal('cleared'),
  ]),
  /**
   * The room's temperature when the alarm opened (sensor-silent: the last reading), °C;
   * `battery-low`: the battery in %; null for the other device alarms.
   */
  value: Nullable(Type.Number()),
  /** The target in force when the alarm opened, °C (`device-unconfirmed`: the setpoint sent). */
  target: Nullable(Type.Number()),
  acknowledged_by: Nullable(Type.String()),
  acknowledged_at: Nullable(Type.String()),
  note: Nullable(Type.String()),
  cleared_at: Nullable(Type.String()),
});

export const AlarmListSchema = Type.Object({ alarms: Type.Array(AlarmSchema) });

/** `POST /api/alarms/{id}/ack` form fields (multipart or urlencoded); answers `{ alarm }`. */
export const AcknowledgeAlarmBodySchema = Type.Object({
  user: Type.String(),
  password: Type.String(),
  note: Type.Optional(Type.String({ maxLength: ALARM_NOTE_MAX })),
});

export const AcknowledgeAlarmAnswerSchema = Type.Object({ alarm: AlarmSchema });

/**
 * `POST /api/alarms/ack/` (issue 32) form fields: `ids` comma-separated (up to 16 KiB), one
 * optional `note` for all of them.
 */
export const AcknowledgeAlarmsBodySchema = Type.Object({
  user: Type.String(),
  password: Type.String(),
  ids: Type.String(),
  note: Type.Optional(Type.String({ maxLength: ALARM_NOTE_MAX })),
});

export const AlarmAckFailureSchema = Type.Object({
  id: Type.Integer(),
  error: Type.Enum(ALARM_ACK_ERRORS),
});

/** The ids acknowledged (also those acknowledged before), and the ones that failed with why. */
export const AcknowledgeAlarmsAnswerSchema = Type.Object({
  acknowledged: Type.Array(Type.Integer()),
  failed: Type.Array(AlarmAckFailureSchema),
});

export type Alarm = Static<typeof AlarmSchema>;
export type AlarmKind = Alarm['kind'];
export type AlarmState = Alarm['state'];
export type AlarmList = Static<typeof AlarmListSchema>;
export type AcknowledgeAlarmBody = Static<typeof AcknowledgeAlarmBodySchema>;
export type AcknowledgeAlarmAnswer = Static<typeof AcknowledgeAlarmAnswerSchema>;
export type AcknowledgeAlarmsBody = Static<typeof AcknowledgeAlarmsBodySchema>;
export type AcknowledgeAlarmsAnswer = Static<typeof AcknowledgeAlarmsAnswerSchema>;
export type AlarmAckFailure = Static<typeof AlarmAckFailureSchema>;
