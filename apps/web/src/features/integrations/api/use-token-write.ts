import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OWN_SERVER, type RequestConfig } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';
import { tokensQueryOptions } from './get-tokens';

/** Our own server, asked to say its field messages and refusals in the app's language. */
const inLanguage = (locale: string): RequestConfig => ({
  ...OWN_SERVER,
  headers: { 'Accept-Language': locale },
});

/** A write of the tokens section, in the app's language; the list reloads after it. */
export function useTokenWrite<Input, Output>(
  write: (input: Input, config: RequestConfig) => Promise<Output>,
) {
  const queryClient = useQueryClient();
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (input: Input) => write(input, inLanguage(locale)),
    // A created token's answer holds its secret: once nobody observes the mutation (the page
    // resets it as soon as it answers), the cache drops it at once, not after 5 minutes.
    gcTime: 0,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tokensQueryOptions().queryKey }),
  });
}
