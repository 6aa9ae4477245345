import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { absencesQueryOptions, ABSENCES_PATH } from './get-absences';

export interface CreateAbsenceInput {
  name: string;
  /** Device-local "YYYY-MM-DDTHH:MM:SS". */
  from: string;
  to: string;
  target: number;
  rooms: readonly number[] | 'all';
}

/** The form fields of a new or changed absence. */
export const absenceFields = ({ rooms, target, ...fields }: CreateAbsenceInput) => ({
  ...fields,
  target: String(target),
  rooms: rooms === 'all' ? 'all' : rooms.join(','),
});

export const createAbsence = (input: CreateAbsenceInput) =>
  apiPost(ABSENCES_PATH, absenceFields(input));

/** Creates an absence; the list reloads, and `onChanged` (the route's) reloads the rooms. */
export function useCreateAbsence(onChanged?: () => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAbsence,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: absencesQueryOptions().queryKey }),
        onChanged?.(),
      ]),
  });
}
