import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWN_SERVER, type RequestConfig } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';
import { membersQueryOptions } from './get-members';
import type { Member } from './member-types';

/**
 * Our own server, asked to answer in the app's language: the members API says its field
 * messages and refusals in German or English by `Accept-Language`.
 */
export const inLanguage = (locale: string): RequestConfig => ({
  ...OWN_SERVER,
  headers: { 'Accept-Language': locale },
});

/** A write of the members page, in the app's language; the list reloads after it. */
export function useMemberWrite<Input>(
  write: (input: Input, config: RequestConfig) => Promise<Member | null>,
) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (input: Input) => write(input, inLanguage(locale)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: membersQueryOptions().queryKey }),
  });
}
