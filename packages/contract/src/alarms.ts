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
} from './schemas/alarms.js';

/**
 * Every kind of alarm, the one list both apps and the wire schema take them from. `device-offline`
 * (issue 32) belongs to no room: proxy mode's device has not answered for ALARM_DEVICE_MINUTES.
 */
export const ALARM_KINDS = ['too-cold', 'too-warm', 'sensor-silent', 'device-offline'] as const;
export const ALARM_STATES = ['active', 'acknowledged', 'cleared'] as const;
/** `GET /api/alarms/?state=`: open = active or acknowledged; all = also the cleared of 30 days. */
export const ALARM_FILTERS = ['active', 'open', 'all'] as const;
export type AlarmFilter = (typeof ALARM_FILTERS)[number];
/** Longest note of an acknowledgement, in characters. */
export const ALARM_NOTE_MAX = 500;
