import { deviceApiPaths, type Room } from '@raumregler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { toSetpoint } from '../utils/room-values';
import { settleRoomWrite } from './update-room-cache';

export interface SetTargetInput {
  roomId: number;
  target: number;
  hours: number;
  /**
   * The end instant, device-local "YYYY-MM-DDTHH:MM:SS": group actions send it beside
   * `duration` so all their rooms end together (our server prefers it; a real device ignores it).
   */
  until?: string;
}

/** POST ziel: a temporary target for `hours` (the device counts in minutes). */
export const setTarget = ({ roomId, target, hours, until }: SetTargetInput) =>
  apiPost<Room>(deviceApiPaths.setTarget(roomId), {
    ziel: toSetpoint(target),
    duration: Math.round(hours * 60),
    ...(until ? { until } : {}),
  });

export function useSetTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTarget,
    onSuccess: ({ data }, { roomId }) => settleRoomWrite(queryClient, roomId, data),
  });
}
