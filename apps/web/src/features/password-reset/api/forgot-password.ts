import {
  accountPaths,
  type ForgotPasswordPayload,
  type MessageResponse,
} from '@raumregler/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/** Asks the server to mail a reset link. It answers the same whether the address exists or not. */
export async function forgotPassword(payload: ForgotPasswordPayload, locale: string) {
  const { data } = await apiPost<MessageResponse>(
    accountPaths.forgotPassword,
    { ...payload },
    // The server words its answers in the language the app shows.
    { headers: { 'Accept-Language': locale } },
  );
  return data;
}

export function useForgotPassword() {
  // The app's language (de, en), not the formats' locale (de-DE, en-GB).
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (payload: ForgotPasswordPayload) => forgotPassword(payload, locale),
  });
}
