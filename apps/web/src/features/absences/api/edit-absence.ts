import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { absenceFields, type CreateAbsenceInput } from './create-absence';
import { absencesQueryOptions, ABSENCES_PATH } from './get-absences';

export interface EditAbsenceInput extends CreateAbsenceInput {
  id: number;
}

/** `POST /api/absences/{id}/` (issue 32): the fields of a new absence replace the absence's. */
export const editAbsence = ({ id, ...input }: EditAbsenceInput) =>
  apiPost(`${ABSENCES_PATH}${id}/`, absenceFields(input));

/** Changes an absence; the list reloads, and `onChanged` (the route's) reloads the rooms. */
export function useEditAbsence(onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editAbsence,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: absencesQueryOptions().queryKey }),
        onChanged?.(),
      ]),
  });
}
