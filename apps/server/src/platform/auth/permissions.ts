import { areaAllows, type Access, type Capability, type Permissions } from '@raumregler/contract';

/** A user's access per area, as the users repository holds it. */
export interface AreaAccess {
  accessSmart: Access;
  accessPro: Access;
}

/**
 * The wire's permissions of a user (device-api.md: `permissions`, `/user`): the spec's access
 * per area, and whether the user may make temporary and permanent changes, by the same rule
 * that refuses writes (the capability `write`).
 */
export const permissionsOf = (user: AreaAccess): Required<Permissions> => {
  const write = userCan(user, 'write');
  return {
    access_to_smart: user.accessSmart,
    access_to_pro: user.accessPro,
    can_make_temporary_changes: write,
    can_make_permanent_changes: write,
  };
};

/**
 * Whether the user has the capability: the contract's one rule (read, write, manage), area by
 * area as `can` applies it, without building a permissions object (it runs on every poll).
 */
export const userCan = (user: AreaAccess, capability: Capability): boolean =>
  areaAllows(capability, user.accessSmart) || areaAllows(capability, user.accessPro);
