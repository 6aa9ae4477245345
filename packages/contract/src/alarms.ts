/**
 * Alarms (issue 15), our own endpoints: the values both apps share. The wire shapes are in
 * `./schemas/alarms.ts`; their types are exported here as types only.
 */
export type {
  Alarm,
  AlarmKind,
  AlarmState,
  AlarmList,
  AcknowledgeAlarmBody,
  AcknowledgeAlarmAnswer,
  AcknowledgeAlarmsBody,
  AcknowledgeAlarmsAnswer,
  AlarmAckFailure,
} from './schemas/alarms.js';

/**
 * Every kind of alarm, in the order the app lists them: the one list the wire schema, the
 * server's checks and the app's filters are made from (a new kind is one line here, plus its
 * labels in the app's catalogues and the server's mail texts). `device-offline` (issue 32)
 * without a `device` belongs to no room: proxy mode's device has not answered for
 * ALARM_DEVICE_MINUTES; with a `device` (issue 36) it is one zigbee2mqtt device of a room, as are
 * `device-unconfirmed` (a thermostat that did not report the setpoint sent to it within 2
 * minutes) and `battery-low` (a device's battery under 15 %).
 */
export const ALARM_KINDS = [
  'too-cold',
  'too-warm',
  'sensor-silent',
  'device-offline',
  'device-unconfirmed',
  'battery-low',
] as const;
/** What a device alarm's device is (issue 36), from its exposes: how the app names it. */
export const ALARM_DEVICE_KINDS = ['thermostat', 'sensor', 'other'] as const;
export type AlarmDeviceKind = (typeof ALARM_DEVICE_KINDS)[number];
/** `battery-low` opens under this battery level in % … */
export const BATTERY_LOW_PERCENT = 15;
/** … and clears at this level or above (a margin, so a level wavering at 15 % mails once). */
export const BATTERY_OK_PERCENT = 20;
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;
/** `GET /api/alarms/?state=`: open = active or acknowledged; all = also the cleared of 30 days. */
export const ALARM_FILTERS = ['active', 'open', 'all'] as const;
export type AlarmFilter = (typeof ALARM_FILTERS)[number];
/** Longest note of an acknowledgement, in characters. */
export const ALARM_NOTE_MAX = 500;
/** `POST /api/alarms/ack/`: the bytes its `ids` field may hold (comma-separated alarm ids). */
export const ALARM_ACK_IDS_MAX_BYTES = 16 * 1024;
/** The codes of an alarm a bulk acknowledge could not acknowledge (`failed[].error`). */
export const ALARM_ACK_ERRORS = ['not_found', 'conflict', 'forbidden'] as const;
export type AlarmAckError = (typeof ALARM_ACK_ERRORS)[number];
