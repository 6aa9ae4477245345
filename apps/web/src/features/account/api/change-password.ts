import {
  accountPaths,
  type ChangePasswordPayload,
  type MessageResponse,
} from '@raumregler/contract';
import { useMutation } from '@tanstack/react-query';
import { OWN_SERVER, postForm } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/**
 * `POST /api/user/password` (ours, on the server that served the app). Not through apiPost:
 * that one sends the stored password, and here the person types the current one, which
 * authenticates the write.
 */
export async function changePassword(payload: ChangePasswordPayload, locale: string) {
  const form = new FormData();
  form.append('user', payload.user);
  form.append('password', payload.password);
  form.append('new_password', payload.new_password);
  form.append('new_password_confirmation', payload.new_password_confirmation);
  const response = await postForm<MessageResponse>(accountPaths.changePassword, form, {
    ...OWN_SERVER,
    headers: { 'Accept-Language': locale },
  });
  return response.data;
}

export function useChangePassword() {
  // The app's language (de, en), not the formats' locale (de-DE, en-GB).
  const { locale } = useLocale();
  return useMutation({
    mutationFn: (payload: ChangePasswordPayload) => changePassword(payload, locale),
  });
}
