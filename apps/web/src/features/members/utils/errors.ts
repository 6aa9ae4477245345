import type { IntlShape } from 'react-intl';
import type { ApiError } from '@/lib/api-error';
import { errorReason } from '@/lib/error-reason';

/** The server's messages for one field (`messages` holds a list or a text per field). */
export function fieldMessages(error: unknown, field: string): string | undefined {
  const messages = ((error as ApiError | null)?.messages ?? {}) as Record<string, unknown>;
  const value = messages[field];
  const texts = (Array.isArray(value) ? value : value ? [value] : []).map(String);
  return texts.length > 0 ? texts.join(' ') : undefined;
}

/**
 * Why a write of the members page failed, said in the page (not at a field): a 409 `conflict`
 * names what it would break (the server's sentence, in the app's language; ours when it sent
 * none), everything else as the app says a failed request.
 */
export function writeProblem(intl: IntlShape, error: unknown): string {
  const apiError = (error ?? {}) as ApiError;
  const message = typeof apiError.message === 'string' ? apiError.message.trim() : '';
  if (apiError.status === 409 || apiError.error === 'conflict') {
    return message && message !== 'An error occurred.'
      ? message
      : intl.formatMessage({ id: 'members.error.lastManager' });
  }
  return errorReason(intl, error) ?? intl.formatMessage({ id: 'members.error.unknown' });
}

/** Whether the failure is a 409 `conflict` (shown in its own, clearer way). */
export const isConflict = (error: unknown) =>
  (error as ApiError | null)?.status === 409 || (error as ApiError | null)?.error === 'conflict';
