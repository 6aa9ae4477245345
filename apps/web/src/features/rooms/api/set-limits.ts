import type { Room, RoomLimits } from '@raumregler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, OWN_SERVER } from '@/lib/api-client';
import { applyRoomAnswer } from './update-room-cache';

/** The path of a room's limits under our own `/api` (issue 34; ours, not the device's). */
export const roomLimitsPath = (roomId: number) => `/rooms/${roomId}/limits`;

/**
 * `POST /api/rooms/{roomId}/limits`: sets a room's limits, or removes them (null: both fields
 * empty). The write credentials go along as with every write; the answer is the room.
 */
export const setRoomLimits = (roomId: number, limits: RoomLimits | null) =>
  apiPost<Room>(
    roomLimitsPath(roomId),
    { min: limits ? String(limits.min) : '', max: limits ? String(limits.max) : '' },
    OWN_SERVER,
  );

/** The room page's limits form: the answered room goes into the list at once. */
export function useSetRoomLimits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, limits }: { roomId: number; limits: RoomLimits | null }) =>
      setRoomLimits(roomId, limits),
    onSuccess: ({ data }) => applyRoomAnswer(queryClient, data),
  });
}
