/**
 * The device API's wire shapes as JSON schemas (TypeBox), the one source of their types: the
 * server validates and serializes with these objects (fast-json-stringify writes only the
 * properties named here), and `../device.ts` exports the types derived from them.
 * Field names are the device's own (German), so third-party tools work unchanged.
 */
import Type, { type Static, type TInteger, type TNumber, type TString } from 'typebox';
import type { Access } from '../device.js';

/**
 * `T` or null, written as `type: [T, 'null']` rather than `anyOf`: fast-json-stringify writes
 * such a field with a type check instead of running a validator per value.
 */
export const Nullable = <T extends TNumber | TInteger | TString>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

export const PermissionsSchema = Type.Object({
  access_to_smart: Type.Unsafe<Access | (string & {})>(Type.String()),
  access_to_pro: Type.Unsafe<Access | (string & {})>(Type.String()),
  /**
   * Ours, as Home Assistant's Controme integrations read them (they assume writing when these
   * are missing): whether the user may set temporary / permanent targets, i.e. the capability
   * `write`. Our server always sends both; a real device may not, hence optional.
   */
  can_make_temporary_changes: Type.Optional(Type.Boolean()),
  can_make_permanent_changes: Type.Optional(Type.Boolean()),
  /**
   * Ours (issue 34): the user's scope (floor and room ids, the union; both empty = the whole
   * building) and validity (`YYYY-MM-DD`, device-local, both included; null = open).
   */
  floors: Type.Optional(Type.Array(Type.Integer())),
  rooms: Type.Optional(Type.Array(Type.Integer())),
  valid_from: Type.Optional(Nullable(Type.String())),
  valid_until: Type.Optional(Nullable(Type.String())),
});

export const DeviceInfoSchema = Type.Object({
  hw: Type.String(),
  'sw-date': Type.String(),
  branch: Type.String(),
  os: Type.String(),
  fbi: Type.String(),
  'app-compatibility': Type.Boolean(),
  /** Ours: the building's name. */
  name: Type.String(),
  house_id: Type.Integer(),
  /** Ours: the device id (first label of the host name on real installations). */
  mac: Type.String(),
});

export const SensorSchema = Type.Object({
  name: Type.String(),
  beschreibung: Type.String(),
  wert: Nullable(Type.Number()),
  /** "DD.MM.YYYY HH:MM" local time, or null when the sensor never reported. */
  letzte_uebertragung: Nullable(Type.String()),
  raumtemperatursensor: Type.Boolean(),
});

export const ModuleOffsetSchema = Type.Object({
  raum: Type.Number(),
  haus: Type.Number(),
});

export const RoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** Measured temperature; null when the room has no sensor. */
  temperatur: Nullable(Type.Number()),
  /** Target in force now (the temporary target while one runs). */
  solltemperatur: Type.Number(),
  /** The permanent target (schedule block in force / `soll`). */
  perm_solltemperatur: Type.Number(),
  total_offset: Type.Number(),
  offsets: Type.Record(Type.String(), ModuleOffsetSchema),
  sensoren: Type.Array(SensorSchema),
  luftfeuchte: Nullable(Type.Number()),
  /** "Heating", "Cooling" or another word (inactive); compare case-insensitively. */
  betriebsart: Type.String(),
  is_temporary_mode: Type.Boolean(),
  /** Seconds left of the temporary target; null when none runs. */
  remaining_time: Nullable(Type.Integer()),
  /** End of the temporary target, local time "YYYY-MM-DDTHH:MM:SS". */
  mode_end_datetime: Nullable(Type.String()),
  next_temperature: Nullable(Type.Number()),
  /** When next_temperature applies, local time "YYYY-MM-DD HH:MM". */
  next_due_time: Nullable(Type.String()),
  /**
   * Ours (issue 32; a device sends neither): the end of the absence that holds the room now,
   * local "YYYY-MM-DDTHH:MM:SS", and the target in force once a running temporary target ends.
   */
  absent_until: Type.Optional(Nullable(Type.String())),
  after_temporary_temperature: Type.Optional(Nullable(Type.Number())),
  /**
   * Ours (issue 34): the room's limits, which bind the targets of users who do not manage the
   * room; null when it has none.
   */
  // `type: ['object', 'null']` rather than a union, as Nullable does for numbers: the serializer
  // checks the type instead of running a validator per room (1,000 rooms per rendering).
  limits: Type.Optional(
    Type.Unsafe<{ min: number; max: number } | null>({
      ...Type.Object({ min: Type.Number(), max: Type.Number() }),
      type: ['object', 'null'],
    }),
  ),
});

/** The answer of `temps/{roomId}`: the one room, in a list. */
export const RoomListSchema = Type.Array(RoomSchema);

export const FloorSchema = Type.Object({
  id: Type.Integer(),
  etagenname: Type.String(),
  raeume: RoomListSchema,
});

export const RoomNameSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
});

export const FloorRoomsSchema = Type.Object({
  id: Type.Integer(),
  etagenname: Type.String(),
  raeume: Type.Array(RoomNameSchema),
});

export const RoomOutputsSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /**
   * Output number → a relay's state, open (1) or shut (0), or an analog opening 0–99 %
   * (`valvePercent` in `valve.ts` reads a room's opening from it). Our simulation has relays.
   */
  ausgang: Type.Record(Type.String(), Type.Integer()),
});

export const FloorOutputsSchema = Type.Object({
  id: Type.Integer(),
  etagenname: Type.String(),
  raeume: Type.Array(RoomOutputsSchema),
});

/** Answers of `temps`, `rooms` and `outs`: the floors in display order. */
export const FloorListSchema = Type.Array(FloorSchema);
export const FloorRoomsListSchema = Type.Array(FloorRoomsSchema);
export const FloorOutputsListSchema = Type.Array(FloorOutputsSchema);

/*
 * Bodies of the writes, multipart, urlencoded or JSON. The server reads their fields by these
 * names with its own parsers rather than Fastify's schema validation: the device answers a
 * missing or bad field with that field's message (`{"error":"validation_failed","message":
 * "ziel is required.",…}`), a body of another shape as having no fields, and accepts a setpoint
 * as "21,5" too; a schema error would answer all of these differently.
 */

/**
 * A setpoint as the device takes it: a number, or text with a point or comma ("21,5"), from a
 * form or JSON. Range and grid are the room's (the server answers 400 with the field's message).
 */
export const SetpointFieldSchema = Type.Union([Type.Number(), Type.String()]);

/**
 * Body of `ziel/{roomId}`: a temporary target for `duration` minutes (or "default"), or until
 * `until`, a device-local wall time 'YYYY-MM-DDTHH:MM:SS' 1 minute to 31 days ahead (our
 * extension, wins over `duration`; a real device ignores it).
 */
export const SetTargetBodySchema = Type.Object({
  ziel: SetpointFieldSchema,
  duration: Type.Optional(Type.Union([Type.Integer(), Type.String()])),
  until: Type.Optional(Type.String()),
});

/** Body of `soll/{roomId}`: the permanent target of the schedule block in force. */
export const SetPermanentBodySchema = Type.Object({
  soll: SetpointFieldSchema,
});

/** Body of `rooms/{roomId}`: `action=betriebsart` and the mode (any letter case). */
export const SetOperatingModeBodySchema = Type.Object({
  action: Type.String(),
  value: Type.String(),
});

export type Permissions = Static<typeof PermissionsSchema>;
export type DeviceInfo = Static<typeof DeviceInfoSchema>;
export type Sensor = Static<typeof SensorSchema>;
export type ModuleOffset = Static<typeof ModuleOffsetSchema>;
export type Room = Static<typeof RoomSchema>;
export type Floor = Static<typeof FloorSchema>;
export type RoomName = Static<typeof RoomNameSchema>;
export type FloorRooms = Static<typeof FloorRoomsSchema>;
export type RoomOutputs = Static<typeof RoomOutputsSchema>;
export type FloorOutputs = Static<typeof FloorOutputsSchema>;
export type SetTargetBody = Static<typeof SetTargetBodySchema>;
export type SetPermanentBody = Static<typeof SetPermanentBodySchema>;
export type SetOperatingModeBody = Static<typeof SetOperatingModeBodySchema>;
