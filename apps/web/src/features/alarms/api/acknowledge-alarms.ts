import type { AcknowledgeAlarmsAnswer } from '@raumregler/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, OWN_SERVER } from '@/lib/api-client';
import { alarmsQueryKey } from './get-alarms';

export interface AcknowledgeManyInput {
  ids: readonly number[];
  note: string;
}

/**
 * POST /api/alarms/ack/ (issue 32): many alarms with one note in one request, answered with the
 * ids acknowledged and the ones that failed with their code; the manage capability only.
 */
export const acknowledgeAlarms = async ({ ids, note }: AcknowledgeManyInput) => {
  const { data } = await apiPost<AcknowledgeAlarmsAnswer>(
    '/alarms/ack/',
    { ids: ids.join(','), ...(note.trim() === '' ? {} : { note: note.trim() }) },
    OWN_SERVER,
  );
  return {
    acknowledged: Array.isArray(data?.acknowledged) ? data.acknowledged : [],
    failed: Array.isArray(data?.failed) ? data.failed : [],
  };
};

/** Acknowledges, then reloads every alarm list (bell, console, room marks). */
export function useAcknowledgeAlarms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acknowledgeAlarms,
    onSettled: () => queryClient.invalidateQueries({ queryKey: alarmsQueryKey }),
  });
}
