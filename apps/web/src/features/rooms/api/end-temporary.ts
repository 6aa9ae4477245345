import { deviceApiPaths, type Room } from '@raumregler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { settleRoomWrite } from './update-room-cache';

/** POST resettemp: ends the temporary target, the schedule applies again. */
export const endTemporary = (roomId: number) => apiPost<Room>(deviceApiPaths.endTemporary(roomId));

export function useEndTemporary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endTemporary,
    onSuccess: ({ data }, roomId) => settleRoomWrite(queryClient, roomId, data),
  });
}
