/**
 * The wire shape of `GET /api/alarms/` (issue 15). Times are device-local ISO 8601 with offset
 * ("2026-11-23T07:40:00+01:00").
 */
export type AlarmKind = 'too-cold' | 'too-warm' | 'sensor-silent';
export type AlarmState = 'active' | 'acknowledged' | 'cleared';
export type AlarmStateFilter = 'active' | 'open' | 'all';

export interface Alarm {
  id: number;
  room: number;
  room_name: string;
  floor: string;
  kind: AlarmKind;
  since: string;
  state: AlarmState;
  value: number | null;
  target: number | null;
  acknowledged_by: string | null;
  acknowledged_at: string | null;
  note: string | null;
  cleared_at: string | null;
}

export interface AlarmsAnswer {
  alarms: Alarm[];
}
