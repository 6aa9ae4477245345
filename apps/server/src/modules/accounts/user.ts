import type { User } from '@raumregler/contract';
import type { UserRecord } from '../../platform/auth/users.js';
import { permissionsOf } from '../../platform/auth/permissions.js';

/** A user as the wire shows it (device-api.md section 5), never with the password hash. */
export function toWireUser(user: UserRecord, today?: string): User {
  const fullname = `${user.firstName} ${user.lastName}`.trim();
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    fullname: fullname || user.username,
    permissions: permissionsOf(user, today),
  };
}
