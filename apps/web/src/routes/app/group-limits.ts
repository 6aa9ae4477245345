import {
  boundByLimits,
  formatRoomLimits,
  withinRoomLimits,
  type Floor,
  type Permissions,
  type RoomLimits,
} from '@raumregler/contract';
import type { GroupWrite } from '@/features/overview/utils/group';

/**
 * The limits that bind this user's targets, per room (issue 34): the rooms they do not manage
 * and that have limits.
 */
export function bindingLimits(
  floors: readonly Floor[],
  access: Permissions | undefined,
  today: string,
) {
  const limits = new Map<number, RoomLimits>();
  for (const floor of floors) {
    for (const room of floor.raeume) {
      if (room.limits && boundByLimits(access, { id: room.id, floor: floor.id }, today))
        limits.set(room.id, room.limits);
    }
  }
  return limits;
}

/**
 * A group target outside a room's limits is not sent (decision 0077): the room is reported
 * with its limits, in the words of the server's own refusal, among the rooms not changed.
 */
export function outsideLimits(write: GroupWrite, limits: ReadonlyMap<number, RoomLimits>) {
  if (write.kind !== 'temporary' && write.kind !== 'permanent') return null;
  const roomLimits = limits.get(write.roomId);
  if (withinRoomLimits(roomLimits, write.target) || !roomLimits) return null;
  const field = write.kind === 'temporary' ? 'ziel' : 'soll';
  const message = `${field} is outside this room's limits (erlaubt ${formatRoomLimits(roomLimits)}).`;
  return { status: 400, error: 'outside_room_limits', message, messages: { [field]: [message] } };
}
