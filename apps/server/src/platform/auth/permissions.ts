import {
  can,
  type Access,
  type Capability,
  type Holder,
  type Permissions,
  type RoomPlace,
  validOn,
} from '@raumregler/contract';

/** A user's access per area, scope and validity, as the users repository holds them. */
export interface AreaAccess {
  accessSmart: Access;
  accessPro: Access;
  floors?: readonly number[];
  rooms?: readonly number[];
  validFrom?: string | null;
  validUntil?: string | null;
}

/** The user as the contract's rule reads them (its wire names). */
export const holderOf = (user: AreaAccess): Holder => ({
  access_to_smart: user.accessSmart,
  access_to_pro: user.accessPro,
  floors: user.floors as number[] | undefined,
  rooms: user.rooms as number[] | undefined,
  valid_from: user.validFrom ?? null,
  valid_until: user.validUntil ?? null,
});

/**
 * The wire's permissions of a user (device-api.md: `permissions`, `/user`): the spec's access
 * per area, and whether the user may make temporary and permanent changes, by the same rule
 * that refuses writes (the capability `write`).
 */
export const permissionsOf = (user: AreaAccess, today?: string): Required<Permissions> => {
  // Outside their validity a user has no rooms, which the wire says as `no-access` (issue 34:
  // "Kein Zugriff", as for no-access); their validity tells why.
  const valid = today === undefined || validOn(holderOf(user), today);
  const write = valid && userCan(user, 'write', null, today);
  return {
    access_to_smart: valid ? user.accessSmart : 'no-access',
    access_to_pro: valid ? user.accessPro : 'no-access',
    can_make_temporary_changes: write,
    can_make_permanent_changes: write,
    floors: [...(user.floors ?? [])],
    rooms: [...(user.rooms ?? [])],
    valid_from: user.validFrom ?? null,
    valid_until: user.validUntil ?? null,
  };
};

/**
 * Whether the user has the capability: the contract's one rule (`can`: access per area, the
 * room inside their scope, `today` within their validity).
 */
export const userCan = (
  user: AreaAccess,
  capability: Capability,
  room?: RoomPlace | null,
  today?: string,
): boolean => can(holderOf(user), capability, room, today);
