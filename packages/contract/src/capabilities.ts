import type { Access, Permissions } from './device.js';

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

/** Whether the holder of these permissions has the capability (in at least one area). */
export function can(permissions: Permissions | null | undefined, capability: Capability): boolean {
  if (!permissions) return false;
  return (
    areaAllows(capability, permissions.access_to_smart) ||
    areaAllows(capability, permissions.access_to_pro)
  );
}

/** Every capability the holder has. */
export const capabilitiesOf = (permissions: Permissions | null | undefined): Capability[] =>
  CAPABILITIES.filter((capability) => can(permissions, capability));
