/**
 * `GET /api/buildings/` (issue 37, "Gebäude"): every building the user may read, at a glance.
 * The figures are the overview's (the contract's `offTarget` and `meanValve`) over the rooms of
 * the user's scope.
 */
import Type, { type Static } from 'typebox';
import { Nullable } from './device.js';

/** The room furthest below its target (null when no room is below it). */
export const WorstRoomSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The floor's name. */
  floor: Type.String(),
  temperature: Type.Number(),
  target: Type.Number(),
  /** Target minus temperature in K, one decimal (positive: below the target). */
  gap: Type.Number(),
});
export type WorstRoom = Static<typeof WorstRoomSchema>;

export const BuildingSummarySchema = Type.Object({
  house_id: Type.Integer(),
  name: Type.String(),
  /** The first label of the building's host name (`{label}.example.com`); null: none. */
  host_label: Nullable(Type.String()),
  /** Rooms of the user's scope. */
  rooms: Type.Integer(),
  /** Rooms more than 1 K below their target now (the overview's "unter Ziel"). */
  below_target: Type.Integer(),
  /** Open alarms (active or acknowledged) the user meets, as `GET /api/alarms/` lists them. */
  open_alarms: Type.Integer(),
  /** Mean valve opening in whole percent (the overview's "Heizbedarf"); null when unknown. */
  demand: Nullable(Type.Number()),
  worst_room: Type.Union([WorstRoomSchema, Type.Null()]),
});
export type BuildingSummary = Static<typeof BuildingSummarySchema>;

export const BuildingListSchema = Type.Object({
  buildings: Type.Array(BuildingSummarySchema),
});
export type BuildingList = Static<typeof BuildingListSchema>;
