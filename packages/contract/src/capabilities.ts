import type { Access, Permissions } from './device.js';
import type { RoomScope } from './room-scope.js';

/**
 * Who may do what: the one rule, used by the server to refuse and by the web app to hide.
 *
 * | capability | who                                                        | allows |
 * |------------|------------------------------------------------------------|--------|
 * | read       | any access other than `no-access` in at least one area     | rooms, temperatures, history, alarms, schedules, absences |
 * | write      | `full` or `permanent` in at least one area                 | temporary and permanent targets, end temporary, operating mode, group actions |
 * | manage     | `full` in at least one area                                | audit log, acknowledging alarms, alarm mail, editing schedules and absences |
 *
 * The room pages keep the spec's per-area rule (pro paths check `access_to_pro`, the rest
 * `access_to_smart`): `areaAllowsWrite` for one area's access.
 */
export type Capability = 'read' | 'write' | 'manage';
export const CAPABILITIES: readonly Capability[] = ['read', 'write', 'manage'];

/** An area's access lets its holder read. Unknown values read (spec: "others possible"). */
export const areaAllowsRead = (access: Access | (string & {}) | unknown): boolean =>
  typeof access === 'string' && access !== 'no-access';

/** An area's access lets its holder change temperatures. Unknown values do not. */
export const areaAllowsWrite = (access: Access | (string & {}) | unknown): boolean =>
  access === 'full' || access === 'permanent';

/** An area's access lets its holder manage the building. */
export const areaAllowsManage = (access: Access | (string & {}) | unknown): boolean =>
  access === 'full';

const areaRule: Record<Capability, (access: unknown) => boolean> = {
  read: areaAllowsRead,
  write: areaAllowsWrite,
  manage: areaAllowsManage,
};

/** Whether one area's access grants the capability (the per-area half of `can`). */
export const areaAllows = (capability: Capability, access: unknown): boolean =>
  areaRule[capability](access);

/**
 * Who holds a capability, as the rule sees them: their access per area (the wire's
 * `Permissions`), and optionally their scope (issue 34: floors and rooms, the union; none =
 * the whole building) and validity (first and last day, `YYYY-MM-DD` in the device's time
 * zone, both included).
 */
export type Holder = Permissions;

/** A room as the rule needs it: its id and its floor's id. */
export interface RoomPlace {
  id: number;
  floor: number;
}

/** Whether the holder's validity holds on `today` (`YYYY-MM-DD`; plain strings compare as dates). */
export const validOn = (holder: Holder, today: string): boolean =>
  (!holder.valid_from || holder.valid_from <= today) &&
  (!holder.valid_until || today <= holder.valid_until);

/** Whether the holder's scope is the whole building (no floors and no rooms). */
export const wholeBuilding = (holder: RoomScope): boolean =>
  !holder.floors?.length && !holder.rooms?.length;

/** Whether the room is in the holder's scope (always, for a whole-building holder). */
export const inScope = (holder: RoomScope, room: RoomPlace): boolean =>
  wholeBuilding(holder) ||
  (holder.floors?.includes(room.floor) ?? false) ||
  (holder.rooms?.includes(room.id) ?? false);

/**
 * Whether the holder has the capability: the one rule of who may do what (issue 34).
 * - the access per area: in at least one area (the table above);
 * - `today` (the device's local date) given: only within the holder's validity; outside it
 *   they have no rooms at all, like `no-access`;
 * - `room` given: only inside the holder's scope. Without a room the answer is "somewhere in
 *   their scope" (a scoped user with `write` may write, but only in their rooms).
 */
export function can(
  permissions: Holder | null | undefined,
  capability: Capability,
  room?: RoomPlace | null,
  today?: string,
): boolean {
  if (!permissions) return false;
  if (today !== undefined && !validOn(permissions, today)) return false;
  if (room && !inScope(permissions, room)) return false;
  return (
    areaAllows(capability, permissions.access_to_smart) ||
    areaAllows(capability, permissions.access_to_pro)
  );
}

/**
 * A building-wide manager: `manage` with the whole building as scope. Only they see the audit's
 * entries without a room (user changes) and, later, the members.
 */
export const managesBuilding = (holder: Holder | null | undefined, today?: string): boolean =>
  !!holder && wholeBuilding(holder) && can(holder, 'manage', null, today);

/**
 * Whether a target set by the holder is bound by the room's limits: everyone who does not
 * manage the room. Those who manage it may go outside them (the hard limits still hold).
 */
export const boundByLimits = (holder: Holder | null | undefined, room: RoomPlace, today?: string) =>
  !can(holder, 'manage', room, today);

/** Every capability the holder has. */
export const capabilitiesOf = (
  permissions: Holder | null | undefined,
  room?: RoomPlace | null,
  today?: string,
): Capability[] => CAPABILITIES.filter((capability) => can(permissions, capability, room, today));
