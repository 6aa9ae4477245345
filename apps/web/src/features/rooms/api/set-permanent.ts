import { deviceApiPaths, type Room } from '@raumregler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { toSetpoint } from '../utils/room-values';
import { endTemporary } from './end-temporary';
import { refreshRoom, settleRoomWrite } from './update-room-cache';

export interface SetPermanentInput {
  roomId: number;
  target: number;
}

/** POST soll: the permanent target of the schedule block in force. */
export const setPermanent = ({ roomId, target }: SetPermanentInput) =>
  apiPost<Room>(deviceApiPaths.setPermanent(roomId), { soll: toSetpoint(target) });

/**
 * "Dauerhaft übernehmen": end the temporary target first, then store the target as permanent.
 * Ending it afterwards would be wrong: a running temporary target would keep hiding the new
 * permanent one until it ran out.
 */
export function useMakePermanent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: SetPermanentInput) => {
      await endTemporary(input.roomId);
      return setPermanent(input);
    },
    onSuccess: ({ data }, { roomId }) => settleRoomWrite(queryClient, roomId, data),
    // The temporary target may have ended before the second step failed.
    onError: (_error, { roomId }) => refreshRoom(queryClient, roomId),
  });
}
