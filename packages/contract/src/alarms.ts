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
 * belongs to no room: proxy mode's device has not answered for ALARM_DEVICE_MINUTES.
 */
export const ALARM_KINDS = ['too-cold', 'too-warm', 'sensor-silent', 'device-offline'] as const;
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
