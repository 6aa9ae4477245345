import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { absencesQueryOptions, ABSENCES_PATH } from './get-absences';

/** Ends a running absence now, or deletes one that has not begun. */
export const endAbsence = (id: number) => apiPost(`${ABSENCES_PATH}${id}/end`);

export function useEndAbsence(onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endAbsence,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: absencesQueryOptions().queryKey }),
        onChanged?.(),
      ]),
  });
}
