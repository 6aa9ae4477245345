import {
  accountPaths,
  type ForgotPasswordPayload,
  type MessageResponse,
} from '@raumregler/contract';
import { useMutation } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { apiPost } from '@/lib/api-client';

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
  const { locale } = useIntl();
  return useMutation({
    mutationFn: (payload: ForgotPasswordPayload) => forgotPassword(payload, locale),
  });
}
