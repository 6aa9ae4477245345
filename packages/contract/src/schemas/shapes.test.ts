import { describe, expectTypeOf, it } from 'vitest';
import type * as Contract from '../index.js';

// The wire types as they were written by hand before the schemas existed: the types derived from
// the schemas must stay these shapes, so the web app and tools compile and read them unchanged.
// Checked by the type checker (`tsc -b`), which fails on any difference.
type Access = Contract.Access;
interface Permissions {
  access_to_smart: Access | (string & {});
  access_to_pro: Access | (string & {});
  can_make_temporary_changes?: boolean;
  can_make_permanent_changes?: boolean;
  floors?: number[];
  rooms?: number[];
  valid_from?: string | null;
  valid_until?: string | null;
}

interface DeviceInfo {
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

interface Sensor {
  name: string;
  beschreibung: string;
  wert: number | null;
  /** "DD.MM.YYYY HH:MM" local time, or null when the sensor never reported. */
  letzte_uebertragung: string | null;
  raumtemperatursensor: boolean;
}

interface ModuleOffset {
  raum: number;
  haus: number;
}

interface Room {
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
  /** Ours (issue 32): the running absence's end, the target after a temporary target. */
  absent_until?: string | null;
  after_temporary_temperature?: number | null;
  /** Ours (issue 34): the room's limits for users who do not manage it. */
  limits?: { min: number; max: number } | null;
}

interface Floor {
  id: number;
  etagenname: string;
  raeume: Room[];
}

interface RoomName {
  id: number;
  name: string;
}

interface FloorRooms {
  id: number;
  etagenname: string;
  raeume: RoomName[];
}

interface RoomOutputs extends RoomName {
  /** Output number → relay open (1) or shut (0), or an analog opening 0–99 %. */
  ausgang: Record<string, number>;
}

interface FloorOutputs {
  id: number;
  etagenname: string;
  raeume: RoomOutputs[];
}

interface User {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  fullname: string;
  permissions: Permissions;
}

/** What the server tells the app before anyone signs in. */
interface AppConfig {
  /** Building name, for the login page. */
  buildingName: string;
  /** The building the app is opened for (issue 37). */
  houseId: number;
  /** Present only when the seed names a demo login: the login form is prefilled with it. */
  demoLogin: { username: string; password: string } | null;
  /**
   * Template of the per-device forwarding host, with `{device}` for the first label of the
   * page host name, e.g. "https://{device}.relay.example.com". Null: use `/api` on the same origin.
   */
  deviceUrlTemplate: string | null;
  registrationOpen: boolean;
  /** Issue 33: our own building, or a real device behind UPSTREAM_URL. */
  deviceMode: 'simulation' | 'proxy' | 'mqtt';
}

interface RegisterPayload {
  email: string;
  password: string;
  password_confirmation: string;
}

interface ForgotPasswordPayload {
  email: string;
}

interface ResetPasswordPayload {
  email: string;
  token: string;
  password: string;
  password_confirmation: string;
}

interface MessageResponse {
  message: string;
}
interface ApiErrorBody {
  error: string;
  message: string;
  messages?: Record<string, string[]>;
  /** not_applied (issue 33): the setpoint the device did not take. */
  value?: number;
}

describe('types derived from the schemas', () => {
  it('keep the hand-written shapes', () => {
    expectTypeOf<Contract.Permissions>().toEqualTypeOf<Permissions>();
    expectTypeOf<Contract.DeviceInfo>().toEqualTypeOf<DeviceInfo>();
    expectTypeOf<Contract.Sensor>().toEqualTypeOf<Sensor>();
    expectTypeOf<Contract.ModuleOffset>().toEqualTypeOf<ModuleOffset>();
    expectTypeOf<Contract.Room>().toEqualTypeOf<Room>();
    expectTypeOf<Contract.Floor>().toEqualTypeOf<Floor>();
    expectTypeOf<Contract.RoomName>().toEqualTypeOf<RoomName>();
    expectTypeOf<Contract.FloorRooms>().toEqualTypeOf<FloorRooms>();
    expectTypeOf<Contract.RoomOutputs>().toEqualTypeOf<RoomOutputs>();
    expectTypeOf<Contract.FloorOutputs>().toEqualTypeOf<FloorOutputs>();
    expectTypeOf<Contract.User>().toEqualTypeOf<User>();
    expectTypeOf<Contract.AppConfig>().toEqualTypeOf<AppConfig>();
    expectTypeOf<Contract.RegisterPayload>().toEqualTypeOf<RegisterPayload>();
    expectTypeOf<Contract.ForgotPasswordPayload>().toEqualTypeOf<ForgotPasswordPayload>();
    expectTypeOf<Contract.ResetPasswordPayload>().toEqualTypeOf<ResetPasswordPayload>();
    expectTypeOf<Contract.MessageResponse>().toEqualTypeOf<MessageResponse>();
    expectTypeOf<Contract.ApiErrorBody>().toEqualTypeOf<ApiErrorBody>();
  });
});
