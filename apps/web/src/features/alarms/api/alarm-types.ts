/**
 * The wire shapes of our alarms endpoints (issue 15), from the contract. Times are device-local
 * ISO 8601 with offset ("2026-11-23T07:40:00+01:00").
 */
export type {
  Alarm,
  AlarmFilter as AlarmStateFilter,
  AlarmKind,
  AlarmList as AlarmsAnswer,
  AlarmState,
} from '@raumregler/contract';
