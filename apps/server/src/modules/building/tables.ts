import type { Generated } from 'kysely';

/** The building's tables (migrations 001, 005, 010, 012, 015), for the query builder. */
export interface FloorsTable {
  house_id: number;
  id: number;
  name: string;
  position: number;
}

export interface RoomsTable {
  house_id: number;
  id: number;
  floor_id: number;
  name: string;
  position: number;
  temperature: number | null;
  humidity: number | null;
  base_target: number;
  min_target: Generated<number>;
  max_target: Generated<number>;
  mode: Generated<string>;
  temp_target: number | null;
  temp_until: number | null;
  sensor_reported_at: number | null;
  /** 0 or 1. */
  valve_open: Generated<number>;
  previous_mode: Generated<string>;
  limit_min: number | null;
  limit_max: number | null;
}

export interface SchedulePointsTable {
  id: Generated<number>;
  house_id: number;
  room_id: number;
  /** Bit 0 = Monday … bit 6 = Sunday. */
  days: number;
  /** Minutes after midnight. */
  at: number;
  target: number;
}

export interface AbsencesTable {
  id: Generated<number>;
  house_id: number;
  name: string;
  starts_at: number;
  ends_at: number;
  target: number;
  created_by: string;
  created_at: number;
}

export interface AbsenceRoomsTable {
  absence_id: number;
  house_id: number;
  room_id: number;
}

export interface SimFaultsTable {
  house_id: number;
  room_id: number;
  window_open: Generated<number>;
  sensor_off: Generated<number>;
  writes_ignored: Generated<number>;
}

export interface RoomDevicesTable {
  house_id: number;
  room_id: number;
  name: string;
  position: number;
}

/** The buildings (migration 019): one per house id. */
export interface BuildingsTable {
  house_id: number;
  name: string;
  host_label: string | null;
  upstream_url: string | null;
  z2m_base_topic: string | null;
  /** The device account (migration 021), sealed (platform/auth/sealed.ts); null: none here. */
  upstream_account: string | null;
  data_version: Generated<number>;
  created_at: number;
}

declare module '../../platform/database/schema.js' {
  interface Schema {
    buildings: BuildingsTable;
    floors: FloorsTable;
    rooms: RoomsTable;
    schedule_points: SchedulePointsTable;
    absences: AbsencesTable;
    absence_rooms: AbsenceRoomsTable;
    sim_faults: SimFaultsTable;
    room_devices: RoomDevicesTable;
  }
}
