import type { AlarmDeviceKind } from '@raumregler/contract';
import type { Generated } from 'kysely';
import type { AlarmKind, AlarmState } from './rules.js';

/** The alarms (migrations 005, 008, 009, 016), for the query builder. */
export interface AlarmsTable {
  id: Generated<number>;
  /** Null, with the names, for proxy mode's device-offline (no room). */
  house_id: number;
  room_id: number | null;
  room_name: string | null;
  floor_name: string | null;
  floor_id: number | null;
  kind: AlarmKind;
  /** The zigbee2mqtt device of a device alarm (issue 36); null for the others. */
  device: string | null;
  device_kind: AlarmDeviceKind | null;
  since: number;
  opened_at: number;
  value: number | null;
  target: number | null;
  state: Generated<AlarmState>;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  note: string | null;
  cleared_at: number | null;
}

/** The alarm mails' outbox: one row per alarm and recipient, marked once sent. */
export interface AlarmMailsTable {
  id: Generated<number>;
  alarm_id: number;
  recipient: string;
  language: string;
  /** 1: waits for the storm's digest at due_at. */
  digest: Generated<number>;
  due_at: number;
  attempts: Generated<number>;
  next_attempt_at: number;
  sent_at: number | null;
}

declare module '../../platform/database/schema.js' {
  interface Schema {
    alarms: AlarmsTable;
    alarm_mails: AlarmMailsTable;
  }
}
