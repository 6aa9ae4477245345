import {
  accountPaths,
  type MessageResponse,
  type ResetPasswordPayload,
} from '@raumregler/contract';
import { useMutation } from '@tanstack/react-query';
import { postForm } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/**
 * Sets a new password with the token from the mail. Not through apiPost: that one replaces a
 * `password` field with the signed-in user's credentials, and here `password` is the new one.
 */
export async function resetPassword(payload: ResetPasswordPayload, locale: string) {
  const form = new FormData();
  form.append('email', payload.email);
  form.append('token', payload.token);
  form.append('password', payload.password);
  form.append('password_confirmation', payload.password_confirmation);
  const response = await postForm<MessageResponse>(accountPaths.resetPassword, form, {
    headers: { 'Accept-Language': locale },
  });
  return response.data;
}

export function useResetPassword() {
  // The app's language (de, en), not the formats' locale (de-DE, en-GB).
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (payload: ResetPasswordPayload) => resetPassword(payload, locale),
  });
}
