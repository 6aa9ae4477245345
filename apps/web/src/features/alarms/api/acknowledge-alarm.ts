import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, OWN_SERVER } from '@/lib/api-client';
import type { Alarm } from './alarm-types';
import { alarmsQueryKey } from './get-alarms';

export interface AcknowledgeInput {
  id: Alarm['id'];
  note: string;
}

/**
 * POST /api/alarms/{id}/ack with the device's form fields `user` and `password` (added by the
 * client) and an optional `note`; the manage capability only.
 */
export const acknowledgeAlarm = ({ id, note }: AcknowledgeInput) =>
  apiPost<unknown>(
    `/alarms/${encodeURIComponent(String(id))}/ack`,
    {
      ...(note.trim() === '' ? {} : { note: note.trim() }),
    },
    OWN_SERVER,
  );

/** Acknowledges, then reloads every alarm list (bell, page, room marks); also after a 409. */
export function useAcknowledgeAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarm,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmsQueryKey }),
  });
}
